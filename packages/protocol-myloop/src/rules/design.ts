import type { Finding } from "@keel/diagnostics";
import type { EvalProfileDefinition, ExperimentDesign } from "../generated/types.gen.js";
import { issue, seg } from "./finding.js";

/** experiment_design rules that need only the file itself. */
export function designRules(doc: ExperimentDesign, graph?: string): Finding[] {
  const profiles = Object.entries(doc as Record<string, EvalProfileDefinition>);
  const found: Finding[] = [];
  const smoke = graph ? `smoke_${graph}` : undefined;
  const perf = graph ? `perf_${graph}` : undefined;
  const hasSmoke = profiles.some(
    ([n, p]) => (smoke ? n === smoke : n.startsWith("smoke_")) && p.passes_required === 0,
  );
  const hasPerf = profiles.some(
    ([n, p]) => (perf ? n === perf : n.startsWith("perf_")) && p.passes_required === 1,
  );
  if (!hasSmoke || !hasPerf) {
    const want = `${smoke ?? "smoke_*"} (passes_required 0) and ${perf ?? "perf_*"} (passes_required 1)`;
    found.push(
      issue(
        "design-platform-profiles",
        "error",
        `expected platform profiles ${want}, found ${profiles.map(([n]) => n).join(", ") || "none"}`,
      ),
    );
  }
  for (const [name, p] of profiles) {
    const at = `/${seg(name)}`;
    if ((p.passes_required === 0) !== name.startsWith("smoke_")) {
      found.push(
        issue(
          "design-smoke-zero",
          "error",
          `expected passes_required 0 exactly on smoke_* profiles, found ${name} with ${p.passes_required}`,
          `${at}/passes_required`,
        ),
      );
    }
    if (p.episode_indices !== undefined && p.episode_indices.length !== p.episode_count) {
      found.push(
        issue(
          "design-episode-indices",
          "error",
          `expected ${p.episode_count} episode_indices (episode_count), found ${p.episode_indices.length}`,
          `${at}/episode_indices`,
        ),
      );
    }
    if (p.worker_count > p.episode_count) {
      found.push(
        issue(
          "design-workers",
          "warning",
          `expected worker_count ≤ episode_count ${p.episode_count}, found ${p.worker_count}`,
          `${at}/worker_count`,
        ),
      );
    }
    const b = p.baseline;
    if (b !== undefined && !(b.passes === p.passes_required && b.run_ids.length === b.passes)) {
      found.push(
        issue(
          "design-baseline-passes",
          "error",
          `expected baseline passes = passes_required = number of run ids (${p.passes_required}), found passes ${b.passes} and ${b.run_ids.length} run ids`,
          `${at}/baseline`,
        ),
      );
    }
  }
  return found;
}
