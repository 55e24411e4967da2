import type { FileFinding } from "@keel/diagnostics";
import type { ExperienceEntry } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";
import type { RunContext } from "./context.js";
import type { Lines } from "./jsonl.js";
import { at } from "./read.js";

/** Run ids the run knows: every committed record's runs and every locked baseline's runs. */
export function knownRuns(ctx: RunContext): Set<string> {
  const runs = new Set<string>();
  for (const { record } of ctx.iterations.values())
    for (const s of record?.specs ?? []) for (const id of s.experiment.run_ids) runs.add(id);
  for (const p of Object.values(ctx.profiles ?? {})) for (const id of p.baseline?.run_ids ?? []) runs.add(id);
  return runs;
}

/**
 * `experience-runs-known` (w): a lesson cites runs the run directory accounts for. Lessons of the
 * in-flight iteration (DISTILL writes them before the commit) cite runs no record has yet: not checked.
 */
export function lintExperienceRuns(
  experience: Lines<ExperienceEntry>,
  runs: ReadonlySet<string>,
  last: number,
): FileFinding[] {
  return experience.entries.flatMap(({ line, doc }) =>
    doc.evidence.run_ids.flatMap((id, k) =>
      runs.has(id) || doc.iter_id === `iter_${last + 1}`
        ? []
        : [
            at(
              "experience.jsonl",
              issue(
                "experience-runs-known",
                "warning",
                `expected evidence run ${id} in a committed record or a locked baseline, found it in neither`,
                `/evidence/run_ids/${k}`,
              ),
              line,
            ),
          ],
    ),
  );
}
