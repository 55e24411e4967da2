import type { RecordDocument, RecordSpec } from "../generated/types.gen.js";
import { decimal } from "./numbers.js";
import type { RunName } from "./run-name.js";

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** lineage.md: one section per committed record (markdown-rules § 6), deterministic. */
export function renderLineage(name: RunName, records: readonly RecordDocument[]): string {
  const sections = [...records].sort((a, b) => a.iter - b.iter).map(section);
  return `${[`# Lineage — myloop ${name.graph} v${name.version}`, ...sections].join("\n\n")}\n`;
}

function section(r: RecordDocument): string {
  const s = r.iter_summary;
  const best =
    s.best_spec_id === null || s.best_score === null
      ? "—"
      : `${s.best_spec_id} (${decimal(s.best_score, 3)})`;
  const lines = [
    `## iter_${r.iter} — K=${s.n_specs} — ${s.outcome_class}`,
    `parent: ${r.iter === 0 ? "—" : `iter_${r.iter - 1}`}`,
    `THINK: ${oneLine(r.think.rationale)}`,
    ...r.specs.flatMap(specLines),
    `ITER SUMMARY: best=${best} · milestone → ${oneLine(s.milestone_after)}`,
  ];
  if (r.reflect) {
    const frontier =
      r.reflect.frontier_axes.length > 0 ? ` · frontier: ${r.reflect.frontier_axes.join(", ")}` : "";
    lines.push(`REFLECT (${r.reflect.trigger}): ${r.reflect.reflection_id} → ${r.reflect.status}${frontier}`);
  }
  // blank lines around headings, as markdown formatters write them
  return lines
    .join("\n")
    .replace(/\n(#{2,3} [^\n]*)\n/g, "\n\n$1\n\n")
    .replace(/^(## [^\n]*)\n/, "$1\n\n");
}

function specLines(spec: RecordSpec): string[] {
  const e = spec.experiment;
  const lines = [
    `### ${spec.spec_id} — ${spec.intervention_axis} — ${spec.distill?.verdict ?? "no-distill"}`,
  ];
  if (spec.critic) lines.push(`CRITIC (round ${spec.critic.critic_round}): ${spec.critic.verdict}`);
  const patch = e.patch_applied ? "patch applied" : spec.critic ? "patch not applied" : "no patch";
  const runs =
    e.run_ids.length === 0
      ? "no run"
      : e.run_ids.length === 1
        ? `run ${e.run_ids[0]}`
        : `run_ids [${e.run_ids.join(", ")}]`;
  const tokens = [`kind=${spec.spec_kind}`, patch, `passes=${spec.passes}`, runs];
  const m = e.metrics_digest;
  if (m.mean_sr !== null) {
    tokens.push(
      spec.passes > 1
        ? `mean_sr ${decimal(m.mean_sr, 3)}, sd ${num(m.sd_sr)}, robust ${num(m.robust_sr)}`
        : `mean_sr ${decimal(m.mean_sr, 3)}`,
    );
  }
  tokens.push(`outcome ${e.outcome_class}`);
  lines.push(`EXPERIMENT: ${tokens.join(" · ")}`);
  const d = spec.distill;
  lines.push(
    d ? `DISTILL: verdict ${d.verdict} — ${distillLine(spec)}` : "DISTILL: (skipped — SKIP_DISTILL_EMPTY)",
  );
  return lines;
}

const num = (x: number | null): string => (x === null ? "null" : decimal(x, 3));

// The record keeps no one-liner, so the renderer states what DISTILL did with ids the linter can check.
function distillLine(spec: RecordSpec): string {
  const d = spec.distill;
  if (!d) return "";
  const parts = [
    d.promoted_to_experience.length > 0
      ? `promoted ${d.promoted_to_experience.join(", ")}`
      : "no lesson promoted",
    ...(d.resolved_hypotheses.length > 0 ? [`resolved ${d.resolved_hypotheses.join(", ")}`] : []),
    ...(d.new_hypotheses.length > 0 ? [`new ${d.new_hypotheses.join(", ")}`] : []),
  ];
  return parts.join("; ");
}
