import { printable } from "@keel/diagnostics";
import type { ConformReport } from "../conform.js";
import { detailLines } from "./detail.js";

const mark = { pass: "ok   ", fail: "FAIL ", skip: "skip ", xfail: "xfail" } as const;

/**
 * A table of checks (golden exchanges among them); failures show their detail, and stderr when anything failed.
 * Control characters from the implementation (escape sequences, NULs) are printed as `\uXXXX`, never sent to the terminal.
 */
export function pretty(r: ConformReport): string {
  const width = Math.max(...r.checks.map((c) => c.name.length));
  const lines = [`keel conform ${r.suite} — ${r.target}`, ""];
  for (const c of r.checks) {
    const why = c.status === "pass" ? "" : ` ${c.reason ?? ""}`;
    const times = c.failures ? ` (${c.failures} times)` : "";
    lines.push(`${mark[c.status]} ${c.name.padEnd(width)}${why}${times}`.trimEnd());
    for (const w of c.warnings ?? []) lines.push(`        warning: ${w}`);
    if (c.status === "fail") lines.push(...detailLines(c).map((l) => `        ${l}`));
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
        .split(/\r?\n/)
        .slice(-20)
        .map((l) => `  ${l}`),
    );
  return `${printable(lines.join("\n"))}\n`;
}
