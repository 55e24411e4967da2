import type { Finding } from "@keel/diagnostics";
import type { ExperienceEntry, HypothesisEntry } from "../generated/types.gen.js";
import { issue } from "./finding.js";

/** `experience-id-iter`: the n in exp_iter{n}_NNN equals the n in iter_{n}. */
export function experienceRules(doc: ExperienceEntry): Finding[] {
  const fromId = /^exp_iter(\d+)_/.exec(doc.exp_id)?.[1];
  const fromIter = /^iter_(\d+)$/.exec(doc.iter_id)?.[1];
  if (fromId !== undefined && fromIter !== undefined && fromId !== fromIter) {
    return [
      issue(
        "experience-id-iter",
        "error",
        `expected exp_id of iteration ${fromIter}, found ${doc.exp_id}`,
        "/exp_id",
      ),
    ];
  }
  return [];
}

/** Hypotheses have no single-line rule beyond the schema and placeholders; uniqueness is per file. */
export function hypothesisRules(_doc: HypothesisEntry): Finding[] {
  return [];
}
