import type { ConformReport } from "../conform.js";
import { badge } from "./badge.js";
import { keelVersion, REPORT_VERSION } from "./facts.js";
import { matrixHtml } from "./html-matrix.js";
import { junitOf } from "./junit.js";
import { mergeReports } from "./merge.js";
import type { ReportSet } from "./read.js";

const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "run";

/**
 * What `keel report` writes: the matrix page, the merged JSON (readable by `keel report` again), one junit.xml
 * with a testsuite per run, and a badge per run (`badge-<suite>-<label>.svg`).
 */
export function mergedFiles(
  inputs: readonly { file: string; report: ConformReport }[],
  at = new Date().toISOString(),
): { files: [name: string, text: string][]; passed: boolean } {
  const runs = mergeReports(inputs);
  const keel = keelVersion();
  const set: ReportSet = {
    report: "keel-conform-set",
    reportVersion: REPORT_VERSION,
    keel,
    runs: runs.map((r) => r.report),
  };
  const used = new Set<string>();
  const badges = runs.map((r): [string, string] => {
    let name = `badge-${slug(`${r.report.suite}-${r.label}`)}`;
    for (let n = 2; used.has(name); n++) name = `badge-${slug(`${r.report.suite}-${r.label}`)}-${n}`;
    used.add(name);
    return [`${name}.svg`, `${badge(r.report)}\n`];
  });
  return {
    files: [
      ["report.html", matrixHtml(runs, { keel, at })],
      ["report.json", `${JSON.stringify(set, null, 2)}\n`],
      ["junit.xml", junitOf(runs.map((r) => ({ report: r.report, label: r.label })))],
      ...badges,
    ],
    passed: runs.every((r) => r.report.passed),
  };
}
