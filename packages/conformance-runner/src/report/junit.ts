import { create } from "xmlbuilder2";
import type { ConformReport } from "../conform.js";
import { countsLine, detailLines } from "./detail.js";

type XMLBuilder = ReturnType<typeof create>;

/**
 * A character XML 1.0 forbids (a NUL, an escape, a lone surrogate, U+FFFE…) in the implementation's
 * output is written as a visible `\uXXXX`, so junit.xml stays well-formed and the character is not lost.
 */
const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * JUnit XML: one testsuite per suite, one testcase per check (a golden exchange is one), for CI dashboards.
 * A failure is `<failure>`; a warning is `<failure type="warning">` only under --strict, else a passing
 * testcase with the warning in `<system-out>`; blocked, skipped and expected failures are `<skipped>`.
 * A target that could not start is one `<error>` testcase. Built with xmlbuilder2, which escapes.
 */
export function junit(r: ConformReport): string {
  return junitOf([{ report: r }]);
}

/** One testsuite per run: `keel report` merges several runs (each labelled) into one junit.xml. */
export function junitOf(runs: readonly { report: ConformReport; label?: string }[]): string {
  const doc = create({ version: "1.0", encoding: "UTF-8", invalidCharReplacement: visible });
  const all = runs.map(({ report }) => totalsOf(report));
  const sum = (k: keyof ReturnType<typeof totalsOf>) => String(all.reduce((n, t) => n + Number(t[k]), 0));
  const root = doc.ele("testsuites", {
    tests: sum("tests"),
    failures: sum("failures"),
    errors: sum("errors"),
    skipped: sum("skipped"),
    time: all.reduce((n, t) => n + Number(t.time), 0).toFixed(3),
  });
  for (const { report, label } of runs) addSuite(root, report, label);
  return `${doc.end({ prettyPrint: true, indent: "  " })}\n`;
}

function totalsOf(r: ConformReport) {
  const strictWarn = r.strict ? r.counts.warn : 0;
  return {
    tests: String(r.checks.length + (r.couldNotStart ? 1 : 0)),
    failures: String(r.counts.fail + strictWarn),
    errors: String(r.couldNotStart ? 1 : 0),
    skipped: String(r.counts.skip + r.counts.blocked + r.counts.xfail),
    time: (r.durationMs / 1000).toFixed(3),
  };
}

function addSuite(root: XMLBuilder, r: ConformReport, label?: string): void {
  const name = `keel conform ${r.suite}${label ? ` · ${label}` : ""}`;
  const suite = root.ele("testsuite", { name, ...totalsOf(r) });
  suite.ele("properties").ele("property", { name: "counts", value: countsLine(r.counts) });
  if (r.couldNotStart)
    suite
      .ele("testcase", { classname: `keel.conform.${r.suite}`, name: `${r.suite}/could-not-start` })
      .ele("error", { message: r.couldNotStart })
      .txt(r.couldNotStart);
  for (const c of r.checks) {
    const test = suite.ele("testcase", { classname: `keel.conform.${r.suite}`, name: c.name });
    const message = c.reason ?? "";
    if (c.status === "skip" || c.status === "xfail") test.ele("skipped", { message });
    else if (c.status === "blocked")
      test.ele("skipped", { message: `blocked by ${c.blockedBy}: ${message}` });
    else if (c.status === "fail") test.ele("failure", { message }).txt(detailLines(c).join("\n"));
    else if (c.status === "warn" && r.strict)
      test.ele("failure", { message, type: "warning" }).txt(detailLines(c).join("\n"));
    else if (c.status === "warn")
      test.ele("system-out").txt([`warning: ${message}`, ...detailLines(c)].join("\n"));
  }
  if (!r.passed && r.stderr.trim()) suite.ele("system-err").txt(r.stderr);
}
