import type { CodeDescription } from "./code-description.js";
import type { FileFinding, Severity } from "./finding.js";
import { printable } from "./printable.js";

/**
 * Machine report formats every command can print its findings in: GitHub Actions workflow commands
 * (annotations on the pull request) and SARIF 2.1.0 (what code-scanning UIs read).
 */

const ANNOTATION: Record<Severity, string> = { error: "error", warning: "warning", info: "notice" };

/** A GitHub workflow command's message: % CR LF escaped, other control characters shown as \uXXXX. */
export const workflowData = (s: string) =>
  printable(s.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A"));
/** A workflow command's property value (file=, title=): also : and , escaped. */
export const workflowProperty = (s: string) => workflowData(s).replaceAll(":", "%3A").replaceAll(",", "%2C");

/** One `::error file=…,line=…,col=…,title=code::message` line per finding. */
export function githubAnnotations(findings: readonly FileFinding[]): string {
  return findings
    .map((f) => {
      const props = [`file=${workflowProperty(f.file)}`];
      if (f.line !== undefined) props.push(`line=${f.line}`);
      if (f.column !== undefined) props.push(`col=${f.column}`);
      props.push(`title=${workflowProperty(f.code)}`);
      const pointer = f.pointer ? ` (at ${f.pointer})` : "";
      return `::${ANNOTATION[f.severity]} ${props.join(",")}::${workflowData(`${f.message}${pointer}`)}\n`;
    })
    .join("");
}

const LEVEL: Record<Severity, string> = { error: "error", warning: "warning", info: "note" };

/** A SARIF rule: the code, and what its description says it means (`keel explain <code>` says more). */
function sarifRule(id: string, describe: (code: string) => CodeDescription | undefined) {
  const d = describe(id);
  if (d === undefined) return { id };
  return {
    id,
    shortDescription: { text: d.meaning },
    help: { text: `${d.meaning}${d.example ? `\nexample: ${d.example}` : ""}\nmore: keel explain ${id}` },
    ...(d.requirements.length > 0 ? { properties: { requirements: d.requirements } } : {}),
  };
}

/**
 * A SARIF 2.1.0 log of one run of `tool`; each finding code is a rule, each finding a result. `describe`
 * gives a rule its description (the code lists every package exports; cli passes them).
 */
export function sarifLog(
  tool: { name: string; version: string },
  findings: readonly FileFinding[],
  describe: (code: string) => CodeDescription | undefined = () => undefined,
  /** the run's property bag (SARIF § 3.8): facts of the run beside its results */
  properties?: Record<string, unknown>,
): string {
  const rules = [...new Set(findings.map((f) => f.code))].sort();
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            rules: rules.map((id) => sarifRule(id, describe)),
          },
        },
        results: findings.map((f) => ({
          ruleId: f.code,
          ruleIndex: rules.indexOf(f.code),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: toUri(f.file) },
                ...(f.line === undefined
                  ? {}
                  : {
                      region: {
                        startLine: f.line,
                        ...(f.column === undefined ? {} : { startColumn: f.column }),
                      },
                    }),
              },
              ...(f.pointer ? { logicalLocations: [{ fullyQualifiedName: f.pointer, kind: "member" }] } : {}),
            },
          ],
        })),
        ...(properties === undefined ? {} : { properties }),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** A relative path as a URI reference (forward slashes, each segment percent-encoded); `-` stays stdin's name. */
function toUri(file: string): string {
  return file.split(/[\\/]/).map(encodeURIComponent).join("/");
}
