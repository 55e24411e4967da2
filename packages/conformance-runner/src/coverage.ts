import { catalogueOf, type Requirement } from "./requirements.js";
import { findSuite, suites } from "./suites/index.js";

/** One row of a protocol's coverage: a requirement, and the suite checks that test it. */
export interface CoverageRow {
  id: string;
  level: Requirement["level"];
  checks: string[];
  untestable?: string;
  source: string;
}

/**
 * Every requirement of the suite's protocol and the checks (of every suite of that protocol) that test it:
 * `keel conform <suite> --requirements`. A MUST with no check must say why it is untestable.
 */
export function coverage(suiteName: string): CoverageRow[] {
  const { protocol } = findSuite(suiteName);
  const checks = suites.filter((s) => s.protocol === protocol).flatMap((s) => s.checks);
  return catalogueOf(protocol).map((r) => ({
    id: r.id,
    level: r.level,
    checks: checks.filter((c) => c.requirements.includes(r.id)).map((c) => c.name),
    ...(r.untestable ? { untestable: r.untestable } : {}),
    source: `${r.source.document} § ${r.source.section}`,
  }));
}

/** The coverage table as text: one line per requirement, then the MUST count checked and untestable. */
export function coverageTable(suiteName: string): string {
  const rows = coverage(suiteName);
  const width = Math.max(...rows.map((r) => r.id.length));
  const lines = rows.map((r) => {
    const by = r.checks.length ? r.checks.join(", ") : r.untestable ? `untestable: ${r.untestable}` : "—";
    return `${r.level.padEnd(12)} ${r.id.padEnd(width)}  ${by}`;
  });
  const musts = rows.filter((r) => r.level === "MUST");
  const checked = musts.filter((r) => r.checks.length > 0).length;
  const untestable = musts.filter((r) => r.checks.length === 0 && r.untestable).length;
  const levels = ["MUST", "SHOULD", "MAY", "keel-reading"] as const;
  const counts = levels.map((l) => `${rows.filter((r) => r.level === l).length} ${l}`).join(", ");
  return `${[
    `requirements of ${findSuite(suiteName).protocol} (${counts}):`,
    ...lines,
    "",
    `MUSTs: ${musts.length}, checked ${checked}, untestable ${untestable}, uncovered ${musts.length - checked - untestable}`,
  ].join("\n")}\n`;
}
