import { create } from "xmlbuilder2";
import type { ConformReport } from "../conform.js";
import { detailLines } from "./detail.js";

/**
 * A character XML 1.0 forbids (a NUL, an escape, a lone surrogate, U+FFFE…) in the implementation's
 * output is written as a visible `\uXXXX`, so junit.xml stays well-formed and the character is not lost.
 */
const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * JUnit XML: one testsuite per suite, one testcase per check (a golden exchange is one), for CI dashboards;
 * the implementation's stderr in `<system-err>` when anything failed. Built with xmlbuilder2, which escapes.
 */
export function junit(r: ConformReport): string {
  const totals = {
    tests: String(r.checks.length),
    failures: String(r.counts.fail),
    skipped: String(r.counts.skip + r.counts.xfail),
    time: (r.durationMs / 1000).toFixed(3),
  };
  const doc = create({ version: "1.0", encoding: "UTF-8", invalidCharReplacement: visible });
  const suite = doc
    .ele("testsuites", totals)
    .ele("testsuite", { name: `keel conform ${r.suite}`, ...totals });
  for (const c of r.checks) {
    const test = suite.ele("testcase", { classname: `keel.conform.${r.suite}`, name: c.name });
    const message = c.reason ?? "";
    if (c.status === "skip" || c.status === "xfail") test.ele("skipped", { message });
    else if (c.status === "fail") test.ele("failure", { message }).txt(detailLines(c).join("\n"));
  }
  if (r.counts.fail > 0 && r.stderr.trim()) suite.ele("system-err").txt(r.stderr);
  return `${doc.end({ prettyPrint: true, indent: "  " })}\n`;
}
