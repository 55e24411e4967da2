import type { FileFinding } from "@keel/diagnostics";
import type { Spec } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";
import type { RunContext } from "./context.js";

// The seed sizes a probe "≤ ~10-ep"; the rule is an info, so the bound is taken as written.
const PROBE_EPISODES = 10;

/** spec.json rules that need the folder and experiment_design.yaml. */
export function lintSpecInRun(ctx: RunContext, file: string, spec: Spec, n: number): FileFinding[] {
  const found: FileFinding[] = [];
  const add = (rule: string, message: string, pointer: string): void => {
    found.push({ ...issue(rule, "error", message, pointer), file });
  };
  if (spec.iter !== n) add("spec-iter-dir", `expected iter ${n} (the folder), found ${spec.iter}`, "/iter");
  spec.specs.forEach((s, i) => {
    const at = `/specs/${i}`;
    if (
      s.target.hypothesis_id !== null &&
      !ctx.hypotheses.has(s.target.hypothesis_id) &&
      !resolvedIn(ctx, s.target.hypothesis_id)
    ) {
      add(
        "spec-hypothesis-known",
        `expected ${s.target.hypothesis_id} in hypotheses.jsonl or resolved in experience.jsonl, found neither`,
        `${at}/target/hypothesis_id`,
      );
    }
    if (ctx.axes && s.intervention_axis !== "none" && !ctx.axes.has(s.intervention_axis)) {
      add(
        "spec-axis-known",
        `expected an axis of search_space.md or none, found ${s.intervention_axis}`,
        `${at}/intervention_axis`,
      );
    }
    if (!ctx.profiles) return;
    const profile = ctx.profiles[s.eval_profile.name];
    if (!profile) {
      add(
        "spec-profile-exists",
        `expected eval profile ${s.eval_profile.name} in experiment_design.yaml, found no such profile`,
        `${at}/eval_profile/name`,
      );
      return;
    }
    if (profile.passes_required === 0) {
      add(
        "spec-not-smoke",
        `expected a measurement profile, found smoke profile ${s.eval_profile.name}`,
        `${at}/eval_profile/name`,
      );
    }
    const episodes = s.eval_profile.overrides?.episode_count;
    const size = typeof episodes === "number" ? episodes : profile.episode_count;
    if (s.kind === "perf" && profile.passes_required !== 1) {
      found.push({
        ...issue(
          "spec-kind-size",
          "info",
          `expected a perf spec on a full-size profile (passes_required 1), found ${s.eval_profile.name} with passes_required ${profile.passes_required}`,
          `${at}/kind`,
        ),
        file,
      });
    } else if (s.kind === "probe" && size > PROBE_EPISODES) {
      found.push({
        ...issue(
          "spec-kind-size",
          "info",
          `expected a probe on at most about ${PROBE_EPISODES} episodes, found ${size} (${s.eval_profile.name})`,
          `${at}/kind`,
        ),
        file,
      });
    }
    if (s.passes < profile.passes_required) {
      add(
        "spec-passes-required",
        `expected passes ≥ ${profile.passes_required} (passes_required of ${s.eval_profile.name}), found ${s.passes}`,
        `${at}/passes`,
      );
    }
  });
  return found;
}

const resolvedIn = (ctx: RunContext, hyp: string): boolean => ctx.resolved.has(hyp);
