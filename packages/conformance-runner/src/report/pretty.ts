import { printable } from "@keel/diagnostics";
import type { ConformReport } from "../conform.js";
import { countsLine, detailLines } from "./detail.js";

const mark = {
  pass: "ok   ",
  fail: "FAIL ",
  warn: "warn ",
  skip: "skip ",
  blocked: "block",
  xfail: "xfail",
} as const;

/**
 * A table of checks (golden exchanges among them); failures and warnings show their detail and the
 * requirements they rest on, and stderr when anything failed. Control characters from the implementation
 * (escape sequences, NULs) are printed as `\uXXXX`, never sent to the terminal.
 */
export function pretty(r: ConformReport): string {
  const width = Math.max(...r.checks.map((c) => c.name.length));
  const lines = [`keel conform ${r.suite} — ${r.target}`, ""];
  for (const c of r.checks) {
    const why = c.status === "pass" ? "" : ` ${c.reason ?? ""}`;
    const by = c.blockedBy ? ` (blocked by ${c.blockedBy})` : "";
    const times = c.failures ? ` (${c.failures} times)` : "";
    lines.push(`${mark[c.status]} ${c.name.padEnd(width)}${why}${by}${times}`.trimEnd());
    for (const w of c.warnings ?? []) lines.push(`        warning: ${w}`);
    if (c.status === "fail" || c.status === "warn") lines.push(...detailLines(c).map((l) => `        ${l}`));
  }
  const verdict = r.passed ? "PASS" : "FAIL";
  const strict = r.strict && r.counts.warn > 0 ? " (--strict: warnings fail)" : "";
  lines.push("", `${verdict} ${countsLine(r.counts)} in ${r.durationMs} ms${strict}`);
  if (r.couldNotStart) lines.push("", `could not start: ${r.couldNotStart}`);
  if (!r.passed && r.stderr.trim())
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
