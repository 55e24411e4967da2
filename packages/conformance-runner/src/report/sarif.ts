import type { ConformReport } from "../conform.js";
import type { CheckResult } from "../verdicts.js";
import { groundLines } from "./detail.js";

/** A golden exchange cites its scenario file: that is where a code-scanning tool can point. */
const location = (c: CheckResult) =>
  c.name.startsWith("exchange/") ? [{ physicalLocation: { artifactLocation: { uri: c.cites } } }] : [];

/**
 * SARIF 2.1.0, for code-scanning dashboards: one rule per check of the run (with the requirements it tests),
 * one result per failed (error) or warned (warning) check, per blocked check (note) and per noted warning;
 * each result carries the requirements it rests on (id, level, quote) in its properties.
 */
export function sarif(r: ConformReport): string {
  const rules = r.checks.map((c) => ({
    id: c.name,
    shortDescription: { text: c.summary },
    help: { text: `tests ${c.requirements.join(", ")}; see ${c.cites}` },
    properties: { requirements: c.requirements },
  }));
  const level = { fail: "error", warn: r.strict ? "error" : "warning", blocked: "note" } as const;
  const results = r.checks.flatMap((c) => [
    ...(c.status === "fail" || c.status === "warn" || c.status === "blocked"
      ? [
          {
            ruleId: c.name,
            level: level[c.status],
            message: {
              text: [
                c.blockedBy && `blocked by ${c.blockedBy}`,
                c.reason,
                c.expected && `expected: ${c.expected}`,
                c.actual && `actual: ${c.actual}`,
                ...groundLines(c),
              ]
                .filter(Boolean)
                .join("\n"),
            },
            locations: location(c),
            properties: { status: c.status, grounds: c.grounds ?? [] },
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
  const notifications = r.couldNotStart
    ? [{ level: "error", message: { text: `could not start: ${r.couldNotStart}` } }]
    : [];
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "keel conform", informationUri: "https://github.com/keel", rules } },
        invocations: [{ executionSuccessful: !r.couldNotStart, toolExecutionNotifications: notifications }],
        properties: { suite: r.suite, target: r.target, counts: r.counts },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
