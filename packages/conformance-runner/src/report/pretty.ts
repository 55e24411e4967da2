import type { ConformReport } from "../conform.js";

const mark = { pass: "ok   ", fail: "FAIL ", skip: "skip ", xfail: "xfail" } as const;

/** A table of checks and exchanges; failures show expected vs actual, and stderr when anything failed. */
export function pretty(r: ConformReport): string {
  const rows = [...r.checks, ...r.exchanges.map((x) => ({ ...x, name: `exchange/${x.name}` }))];
  const width = Math.max(...rows.map((c) => c.name.length));
  const lines = [`keel conform ${r.protocol} — ${r.target}`, ""];
  for (const c of rows) {
    const why = c.status === "pass" ? "" : ` ${c.reason ?? ""}`;
    const times = "failures" in c && c.failures ? ` (${c.failures} times)` : "";
    lines.push(`${mark[c.status]} ${c.name.padEnd(width)}${why}${times}`.trimEnd());
    for (const w of ("warnings" in c && c.warnings) || []) lines.push(`        warning: ${w}`);
    if (c.status !== "fail") continue;
    if ("expected" in c && c.expected !== undefined) lines.push(`        expected: ${c.expected}`);
    if ("actual" in c && c.actual !== undefined) lines.push(`        actual:   ${c.actual}`);
    if ("cites" in c) lines.push(`        see ${c.cites}`);
    if ("mismatches" in c)
      for (const m of c.mismatches)
        lines.push(
          `       step ${m.step} at ${m.pointer || "/"}: expected ${m.expected}, actual ${m.actual}`,
        );
  }
  const { pass, fail, skip, xfail } = r.counts;
  lines.push(
    "",
    `${fail === 0 ? "PASS" : "FAIL"} ${pass} passed, ${fail} failed, ${skip} skipped${xfail ? `, ${xfail} expected failures` : ""} in ${r.durationMs} ms`,
  );
  if (fail > 0 && r.stderr.trim())
    lines.push(
      "",
      "stderr of the implementation (last lines):",
      ...r.stderr
        .trim()
        .split("\n")
        .slice(-20)
        .map((l) => `  ${l}`),
    );
  return `${lines.join("\n")}\n`;
}
