import type { ConformReport } from "../conform.js";
import type { CheckResult } from "../verdicts.js";

const level = (c: CheckResult) => (c.status === "fail" ? "error" : "warning");

/** A golden exchange cites its scenario file: that is where a code-scanning tool can point. */
const location = (c: CheckResult) =>
  c.name.startsWith("exchange/") ? [{ physicalLocation: { artifactLocation: { uri: c.cites } } }] : [];

/**
 * SARIF 2.1.0, for code-scanning dashboards: one rule per check of the run (with the clause it cites),
 * one result per failed check and per warning of any check; passes and skips are not results.
 */
export function sarif(r: ConformReport): string {
  const rules = r.checks.map((c) => ({
    id: c.name,
    shortDescription: { text: c.summary },
    help: { text: `see ${c.cites}${c.beyond ? " (keel asks more than the protocol text here)" : ""}` },
  }));
  const results = r.checks.flatMap((c) => [
    ...(c.status === "fail"
      ? [
          {
            ruleId: c.name,
            level: level(c),
            message: {
              text: [c.reason, c.expected && `expected: ${c.expected}`, c.actual && `actual: ${c.actual}`]
                .filter(Boolean)
                .join("\n"),
            },
            locations: location(c),
          },
        ]
      : []),
    ...(c.warnings ?? []).map((w) => ({
      ruleId: c.name,
      level: "warning",
      message: { text: w },
      locations: location(c),
    })),
  ]);
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "keel conform", informationUri: "https://github.com/keel", rules } },
        properties: { suite: r.suite, target: r.target, counts: r.counts },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
