import type { Finding } from "@keel/diagnostics";
import type { Critique } from "../generated/types.gen.js";
import { issue } from "./finding.js";

const NOTE = /^(OK|WARN|REVISE|BLOCK) downgraded to (OK|WARN|REVISE|BLOCK) — \S/;

/**
 * Single-document critique rules. The BLOCK requirements (at least one failure mode, each with
 * reference_experience_ids, specific_check and predicted_outcome) are schema constraints.
 */
export function critiqueRules(doc: Critique): Finding[] {
  const found: Finding[] = [];
  const id = `critique_iter_${doc.iter}_${doc.spec_id}_round_${doc.critic_round}`;
  if (doc.critique_id !== id) {
    found.push(
      issue(
        "critique-id-format",
        "error",
        `expected critique_id ${id}, found ${doc.critique_id}`,
        "/critique_id",
      ),
    );
  }
  doc.validator_notes.forEach((note, i) => {
    if (!NOTE.test(note)) {
      found.push(
        issue(
          "critique-validator-notes",
          "warning",
          `expected a note "{VERDICT} downgraded to {VERDICT} — {reason}", found ${JSON.stringify(note)}`,
          `/validator_notes/${i}`,
        ),
      );
    }
  });
  return found;
}
