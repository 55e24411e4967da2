import type { CheckResult } from "../verdicts.js";

/** What a failed check shows under its name, the same in every report: expected vs actual, mismatches, the source. */
export function detailLines(c: CheckResult): string[] {
  return [
    ...(c.expected !== undefined ? [`expected: ${c.expected}`] : []),
    ...(c.actual !== undefined ? [`actual:   ${c.actual}`] : []),
    ...(c.mismatches ?? []).map(
      (m) => `step ${m.step} at ${m.pointer || "/"}: expected ${m.expected}, actual ${m.actual}`,
    ),
    ...(c.traffic?.length ? ["traffic (last messages):", ...c.traffic.map((t) => `  ${t}`)] : []),
    `see ${c.cites}${c.beyond ? " (keel asks more than the protocol text here)" : ""}`,
  ];
}
