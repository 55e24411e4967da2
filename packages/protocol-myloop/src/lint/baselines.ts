import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FileFinding, Severity } from "@keel/diagnostics";
import type { EvalProfileDefinition, RecordSpec } from "../generated/types.gen.js";
import { issue, seg } from "../rules/finding.js";
import type { RunContext } from "./context.js";

const FILE = "experiment_design.yaml";
const iterOf = (label: string): number => Number(label.replace(/^iter_/, ""));

/** Committed record specs (with the iteration) that ran `name` with at least its required passes, ok. */
function requiredRuns(
  ctx: RunContext,
  name: string,
  p: EvalProfileDefinition,
): { n: number; r: RecordSpec }[] {
  const found: { n: number; r: RecordSpec }[] = [];
  for (const [n, { record, spec }] of [...ctx.iterations.entries()].sort(([a], [b]) => a - b)) {
    for (const r of record?.specs ?? []) {
      const profile = spec?.specs.find((s) => s.spec_id === r.spec_id)?.eval_profile.name;
      if (profile === name && r.experiment.outcome_class === "ok" && r.passes >= p.passes_required)
        found.push({ n, r });
    }
  }
  return found;
}

/** experiment_design.yaml against the committed records: baseline provenance and presence, derived_from. */
export function lintBaselines(ctx: RunContext, runs: ReadonlySet<string>): FileFinding[] {
  const found: FileFinding[] = [];
  const add = (rule: string, severity: Severity, message: string, pointer: string): void => {
    found.push({ ...issue(rule, severity, message, pointer), file: FILE });
  };
  for (const [name, p] of Object.entries(ctx.profiles ?? {})) {
    const at = `/${seg(name)}`;
    const ran = p.passes_required >= 3 ? requiredRuns(ctx, name, p) : [];
    const b = p.baseline;
    if (!b && ran[0]) {
      add(
        "design-baseline-missing",
        "error",
        `expected a locked baseline on ${name}, found none although ${ran[0].r.spec_id} ran it with ${ran[0].r.passes} passes`,
        at,
      );
    }
    if (b) {
      const n = iterOf(b.locked_at);
      const folder = ctx.iterations.get(n);
      const invalid = folder?.names.includes("record.json") && !folder.record;
      // locked after the in-flight iteration's eval and before its commit: no record to compare yet
      const inFlight = n === ctx.last + 1 && !folder?.record;
      const want = b.run_ids.join(",");
      const match = folder?.record?.specs.find(
        (r) =>
          folder.spec?.specs.find((s) => s.spec_id === r.spec_id)?.eval_profile.name === name &&
          r.experiment.run_ids.slice(0, b.run_ids.length).join(",") === want,
      );
      if (!invalid && !inFlight && !match) {
        add(
          "design-baseline-provenance",
          "error",
          `expected a spec of ${b.locked_at} on ${name} whose run_ids start with the baseline's [${want}], found ${folder?.record ? "none" : "no committed record"}`,
          `${at}/baseline/run_ids`,
        );
      }
      const first = ran[0];
      if (first && first.n < n) {
        add(
          "design-baseline-provenance",
          "error",
          `expected locked_at to be the first iteration that ran ${name} with its required passes, found ${b.locked_at} after iter_${first.n}`,
          `${at}/baseline/locked_at`,
        );
      }
      const rec = match ? folder?.record : undefined;
      const ts = Date.parse(b.locked_ts);
      if (rec && !(Date.parse(rec.ts_start) <= ts && ts <= Date.parse(rec.ts_end))) {
        add(
          "design-baseline-provenance",
          "warning",
          `expected locked_ts within ${b.locked_at} (${rec.ts_start} … ${rec.ts_end}), found ${b.locked_ts}`,
          `${at}/baseline/locked_ts`,
        );
      }
    }
    const d = p.derived_from;
    if (!d) continue;
    if (iterOf(d.iter) > ctx.last + 1) {
      add(
        "design-derived-from",
        "error",
        `expected derived_from.iter at most iter_${ctx.last + 1}, found ${d.iter}`,
        `${at}/derived_from/iter`,
      );
    }
    if (d.filter_tool !== undefined && !existsSync(join(ctx.dir, d.filter_tool))) {
      add(
        "design-derived-from",
        "error",
        `expected filter_tool ${d.filter_tool} in the run directory, found no such file`,
        `${at}/derived_from/filter_tool`,
      );
    }
    if (!runs.has(d.source_run)) {
      add(
        "design-derived-from",
        "warning",
        `expected source_run ${d.source_run} in a committed record or a locked baseline, found it in neither`,
        `${at}/derived_from/source_run`,
      );
    }
  }
  return found;
}
