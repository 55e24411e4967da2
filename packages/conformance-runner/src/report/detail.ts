import type { CheckResult } from "../verdicts.js";

/** The requirements a verdict rests on, one line each: id, level, and the quote (or keel's reason) with its source. */
export function groundLines(c: CheckResult): string[] {
  return (c.grounds ?? []).map(
    (g) => `${g.id} (${g.level}): ${g.quote ? `"${g.quote}"` : g.reason} — ${g.source}`,
  );
}

/** What a failed or warned check shows under its name, the same in every report: expected vs actual, mismatches, the requirements. */
export function detailLines(c: CheckResult): string[] {
  return [
    ...(c.expected !== undefined ? [`expected: ${c.expected}`] : []),
    ...(c.actual !== undefined ? [`actual:   ${c.actual}`] : []),
    ...(c.mismatches ?? []).map(
      (m) => `step ${m.step} at ${m.pointer || "/"}: expected ${m.expected}, actual ${m.actual}`,
    ),
    ...(c.traffic?.length ? ["traffic (last messages):", ...c.traffic.map((t) => `  ${t}`)] : []),
    ...(c.grounds?.length ? ["rests on:", ...groundLines(c).map((l) => `  ${l}`)] : [`see ${c.cites}`]),
  ];
}

/** The counts line every format prints: every status, the zero ones included. */
export function countsLine(counts: Record<string, number>): string {
  const { pass = 0, fail = 0, warn = 0, skip = 0, blocked = 0, xfail = 0 } = counts;
  return `${pass} passed, ${fail} failed, ${warn} warned, ${blocked} blocked, ${skip} skipped, ${xfail} expected failures`;
}
