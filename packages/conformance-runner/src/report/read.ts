import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ConformReport } from "../conform.js";
import { ConformError } from "../conform-error.js";
import { REPORT_VERSION } from "./facts.js";

const schema = JSON.parse(readFileSync(new URL("./report.schema.json", import.meta.url), "utf8"));
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

const refuse = (file: string, why: string) =>
  new ConformError(
    "conform/report-unreadable",
    `${file}: expected a keel conformance report (version ${REPORT_VERSION}), found ${why}`,
  );

/** `keel report`'s merged JSON: the runs it merged, each a whole report (shards folded). */
export interface ReportSet {
  report: "keel-conform-set";
  reportVersion: typeof REPORT_VERSION;
  keel: string;
  runs: ConformReport[];
}

/**
 * A JSON report as `keel report` reads it: version checked first (a report this keel cannot read is refused,
 * never half-read), then the whole document against report.schema.json, the first problems located. A merged
 * set (`keel report`'s own report.json) gives its runs.
 */
export function parseReports(text: string, file: string): ConformReport[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw refuse(file, `text that is not JSON (${(e as Error).message})`);
  }
  const head = (typeof doc === "object" && doc !== null ? doc : {}) as Record<string, unknown>;
  if (head.report === "keel-conform-set") {
    version(head, file);
    if (!Array.isArray(head.runs)) throw refuse(file, "a merged set without runs");
    return head.runs.map((run, i) => checked(run, `${file} /runs/${i}`));
  }
  return [checked(doc, file)];
}

/** One report (not a set). */
export function parseReport(text: string, file: string): ConformReport {
  const [one, ...more] = parseReports(text, file);
  if (!one || more.length) throw refuse(file, "a merged set of runs");
  return one;
}

function version(head: Record<string, unknown>, file: string): void {
  if (head.reportVersion !== REPORT_VERSION)
    throw refuse(
      file,
      `reportVersion ${JSON.stringify(head.reportVersion)} (written by keel ${String(head.keel)}; use that keel's \`keel report\`)`,
    );
}

function checked(doc: unknown, file: string): ConformReport {
  const head = (typeof doc === "object" && doc !== null ? doc : {}) as Record<string, unknown>;
  if (head.report !== "keel-conform")
    throw refuse(
      file,
      head.report === undefined
        ? 'no "report": "keel-conform" (written by an older keel?)'
        : `"report": ${JSON.stringify(head.report)}`,
    );
  version(head, file);
  if (!validate(doc)) {
    const problems = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`)
      .join("; ");
    throw refuse(file, `a document that breaks report.schema.json: ${problems}`);
  }
  return doc as ConformReport;
}

export function readReports(file: string): ConformReport[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new ConformError(
      "conform/report-unreadable",
      `could not read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  return parseReports(text, file);
}
