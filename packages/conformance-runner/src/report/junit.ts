import type { ConformReport } from "../conform.js";

const esc = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );

/** JUnit XML: one testsuite per protocol, one testcase per check or exchange, for CI dashboards. */
export function junit(r: ConformReport): string {
  const cases = [
    ...r.checks.map((c) => ({
      name: c.name,
      status: c.status,
      reason: c.reason ?? "",
      detail: [c.expected && `expected: ${c.expected}`, c.actual && `actual: ${c.actual}`, `see ${c.cites}`]
        .filter(Boolean)
        .join("\n"),
    })),
    ...r.exchanges.map((x) => ({
      name: `exchange/${x.name}`,
      status: x.status,
      reason: x.reason ?? "golden exchange differs",
      detail: x.mismatches
        .map((m) => `step ${m.step} at ${m.pointer || "/"}: expected ${m.expected}, actual ${m.actual}`)
        .join("\n"),
    })),
  ];
  const body = cases.map((c) => {
    const open = `    <testcase classname="${esc(`keel.conform.${r.protocol}`)}" name="${esc(c.name)}"`;
    if (c.status === "pass") return `${open}/>`;
    if (c.status === "skip" || c.status === "xfail")
      return `${open}>\n      <skipped message="${esc(c.reason)}"/>\n    </testcase>`;
    return `${open}>\n      <failure message="${esc(c.reason)}">${esc(c.detail)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${cases.length}" failures="${r.counts.fail}" skipped="${r.counts.skip + r.counts.xfail}" time="${(r.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${esc(`keel conform ${r.protocol}`)}" tests="${cases.length}" failures="${r.counts.fail}" skipped="${r.counts.skip + r.counts.xfail}" time="${(r.durationMs / 1000).toFixed(3)}">`,
    ...body,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
