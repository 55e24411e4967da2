import type { ConformReport } from "../conform.js";
import { detailLines } from "./detail.js";

const esc = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );

/** JUnit XML: one testsuite per suite, one testcase per check (a golden exchange is one), for CI dashboards. */
export function junit(r: ConformReport): string {
  const body = r.checks.map((c) => {
    const open = `    <testcase classname="${esc(`keel.conform.${r.suite}`)}" name="${esc(c.name)}"`;
    const reason = esc(c.reason ?? "");
    if (c.status === "pass") return `${open}/>`;
    if (c.status === "skip" || c.status === "xfail")
      return `${open}>\n      <skipped message="${reason}"/>\n    </testcase>`;
    return `${open}>\n      <failure message="${reason}">${esc(detailLines(c).join("\n"))}</failure>\n    </testcase>`;
  });
  const totals = `tests="${r.checks.length}" failures="${r.counts.fail}" skipped="${r.counts.skip + r.counts.xfail}" time="${(r.durationMs / 1000).toFixed(3)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${totals}>`,
    `  <testsuite name="${esc(`keel conform ${r.suite}`)}" ${totals}>`,
    ...body,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
