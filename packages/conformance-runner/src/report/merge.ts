import type { ConformReport } from "../conform.js";
import { ConformError } from "../conform-error.js";
import { type CheckResult, STATUSES, type Status } from "../verdicts.js";

/** One implementation's run of one suite, its shards merged: a column of the matrix. */
export interface MergedRun {
  /** the implementation as labelled (`--label`), else its target */
  label: string;
  /** the run, shards folded into one report (the JSON `keel report` writes back) */
  report: ConformReport;
  /** `2 of 3 shards (shard 3 missing)` when a shard is missing; absent for a whole run */
  shards?: string;
}

const rank: Record<Status, number> = { skip: 0, pass: 1, blocked: 2, warn: 3, xfail: 4, fail: 5 };

/** A check run in several shards: the most severe verdict wins (a scenario that failed fails the check). */
function fold(a: CheckResult, b: CheckResult): CheckResult {
  if (rank[b.status] > rank[a.status]) return b;
  if (a.status === "skip" && b.status === "skip" && a.reason === "not reached") return b;
  return a;
}

/** The runs' identity: shards of one run share it; keel and protocol versions are part of it, never mixed. */
const keyOf = (r: ConformReport) =>
  JSON.stringify([r.suite, r.implementation ?? r.target, r.keel, r.protocolVersion, r.shard?.total ?? 0]);

/**
 * Folds reports into runs: shards of one run (same suite, implementation, keel and protocol version, same
 * shard count) become one report; a shard given twice is refused; a missing shard is said, not hidden.
 */
export function mergeReports(inputs: readonly { file: string; report: ConformReport }[]): MergedRun[] {
  const groups = new Map<string, { file: string; report: ConformReport }[]>();
  for (const x of inputs) groups.set(keyOf(x.report), [...(groups.get(keyOf(x.report)) ?? []), x]);
  return [...groups.values()].map((group) => {
    const first = group[0]?.report as ConformReport;
    const seen = new Map<number, string>();
    for (const { file, report } of group) {
      const i = report.shard?.index;
      if (i === undefined) {
        if (group.length > 1)
          throw new ConformError(
            "conform/report-duplicate",
            `${file}: expected one report per run of ${first.suite} against ${first.implementation ?? first.target}, found another unsharded one (${group[0]?.file})`,
          );
        continue;
      }
      const twice = seen.get(i);
      if (twice)
        throw new ConformError(
          "conform/report-duplicate",
          `${file}: expected each shard once, found shard ${i}/${report.shard?.total} also in ${twice}`,
        );
      seen.set(i, file);
    }
    const total = first.shard?.total;
    const missing = total ? Array.from({ length: total }, (_, i) => i + 1).filter((i) => !seen.has(i)) : [];
    const byName = new Map<string, CheckResult>();
    for (const { report } of group)
      for (const c of report.checks) {
        const had = byName.get(c.name);
        byName.set(c.name, had ? fold(had, c) : c);
      }
    const checks = [...byName.values()];
    const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
    for (const c of checks) counts[c.status]++;
    const { shard: _, ...rest } = first;
    const report: ConformReport = {
      ...rest,
      startedAt: group.map((g) => g.report.startedAt).sort()[0] ?? first.startedAt,
      durationMs: Math.max(...group.map((g) => g.report.durationMs)),
      passed: group.every((g) => g.report.passed) && missing.length === 0,
      counts,
      checks,
      stderr: group
        .map((g) => g.report.stderr)
        .filter(Boolean)
        .join("\n"),
      ...(group.find((g) => g.report.couldNotStart)
        ? { couldNotStart: group.find((g) => g.report.couldNotStart)?.report.couldNotStart as string }
        : {}),
    };
    return {
      label: first.implementation ?? first.target,
      report,
      ...(total
        ? {
            shards: `${seen.size} of ${total} shards${missing.length ? ` (shard ${missing.join(", ")} missing)` : ""}`,
          }
        : {}),
    };
  });
}
