import type { Finding } from "@keel/diagnostics";
import type { IterSummary, RecordDocument } from "../generated/types.gen.js";
import { issue } from "./finding.js";

/** The iter_summary a record's specs[] imply (README "rollup" table; first matching row wins). */
export function expectedRollup(doc: RecordDocument): Omit<IterSummary, "milestone_after"> {
  const specs = doc.specs;
  const verdicts = specs.map((s) => s.distill?.verdict);
  const outcomes = specs.map((s) => s.experiment.outcome_class);
  const n_confirmed = verdicts.filter((v) => v === "confirmed").length;
  const n_refuted = verdicts.filter((v) => v === "refuted").length;
  const n_critic_block = outcomes.filter((o) => o === "critic_block").length;
  const n_crash = outcomes.filter((o) => o === "crash").length;
  const outcome_class =
    n_confirmed > 0 && n_refuted > 0
      ? "mixed"
      : n_confirmed > 0
        ? "confirmed"
        : n_refuted > 0
          ? "refuted"
          : outcomes.includes("ok")
            ? "inert"
            : n_crash > 0
              ? "crash"
              : n_critic_block > 0
                ? "critic_block"
                : "inert";
  let best: { score: number; id: string } | undefined;
  for (const s of specs) {
    const sr = s.experiment.metrics_digest.mean_sr;
    if (s.experiment.outcome_class === "ok" && sr !== null && (best === undefined || sr > best.score)) {
      best = { score: sr, id: s.spec_id };
    }
  }
  return {
    outcome_class,
    best_score: best?.score ?? null,
    best_spec_id: best?.id ?? null,
    axes_touched: [...new Set(specs.map((s) => s.intervention_axis))],
    n_specs: specs.length,
    n_confirmed,
    n_refuted,
    n_critic_block,
    n_crash,
  };
}

/** Rules `rollup-counts`, `rollup-axes`, `rollup-best`, `rollup-outcome`. */
export function rollupRules(doc: RecordDocument): Finding[] {
  const want = expectedRollup(doc);
  const have = doc.iter_summary;
  const found: Finding[] = [];
  const check = (rule: string, key: keyof typeof want): void => {
    const w = JSON.stringify(want[key]);
    const h = JSON.stringify(have[key]);
    if (w !== h) {
      found.push(
        issue(rule, "error", `expected ${key} ${w} from specs[], found ${h}`, `/iter_summary/${key}`),
      );
    }
  };
  for (const key of ["n_specs", "n_confirmed", "n_refuted", "n_critic_block", "n_crash"] as const) {
    check("rollup-counts", key);
  }
  check("rollup-axes", "axes_touched");
  check("rollup-best", "best_score");
  check("rollup-best", "best_spec_id");
  check("rollup-outcome", "outcome_class");
  return found;
}
