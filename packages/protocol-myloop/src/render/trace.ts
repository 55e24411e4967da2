import type { RecordDocument } from "../generated/types.gen.js";
import { decimal } from "./numbers.js";
import type { RunName } from "./run-name.js";

export const TRACE_COLUMNS = [
  "iter",
  "K",
  "axes",
  "kinds",
  "patches",
  "best metric",
  "outcome",
  "hyp Δ",
  "REFLECT",
  "milestone",
] as const;

/** trace.md: one table row per committed record (markdown-rules § 5), deterministic. */
export function renderTrace(name: RunName, records: readonly RecordDocument[]): string {
  const lines = [
    `# Trace — myloop ${name.graph} v${name.version}`,
    "",
    `| ${TRACE_COLUMNS.join(" | ")} |`,
    `|${TRACE_COLUMNS.map(() => " --- ").join("|")}|`,
    ...[...records].sort((a, b) => a.iter - b.iter).map((r) => `| ${traceCells(r).join(" | ")} |`),
  ];
  return `${lines.join("\n")}\n`;
}

export function traceCells(r: RecordDocument): string[] {
  const s = r.iter_summary;
  const k = r.specs.length;
  const patched = r.specs.filter((x) => x.critic !== undefined || x.experiment.patch_applied).length;
  const applied = r.specs.filter((x) => x.experiment.patch_applied).length;
  const patches = patched === 0 ? "—" : k === 1 ? (applied === 1 ? "yes" : "no") : `${applied}/${k}`;
  const distilled = r.specs.flatMap((x) => (x.distill ? [x.distill] : []));
  const added = distilled.reduce((n, d) => n + d.new_hypotheses.length, 0);
  const resolved = distilled.reduce((n, d) => n + d.resolved_hypotheses.length, 0);
  const reflect = r.reflect
    ? `r${r.reflect.reflection_id.replace(/^reflection_/, "")}: ${r.reflect.status}`
    : "—";
  return [
    String(r.iter),
    String(s.n_specs),
    s.axes_touched.join(", "),
    r.specs.map((x) => x.spec_kind).join(", "),
    patches,
    s.best_score === null ? "—" : `success ${decimal(s.best_score)}`,
    s.outcome_class,
    `+${added}/-${resolved}`,
    reflect,
    s.milestone_after.replace(/\s*\n\s*/g, " ").replaceAll("|", "\\|"),
  ];
}
