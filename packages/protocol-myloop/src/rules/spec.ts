import type { Finding } from "@keel/diagnostics";
import type { Spec } from "../generated/types.gen.js";
import { issue } from "./finding.js";
import { specIdRules } from "./spec-ids.js";

const REASONING = /^(gpt-5|o1|o3)/;
// The seed: a counter-check against the (S)-bucket of baseline-success episodes (cross-bucket churn).
const COUNTERCHECK = /counter[- ]?check|baseline[- ]success|\(S\)[- ]?bucket/i;

/** Single-document rules of a spec envelope (profile and axis membership are checked by the linter). */
export function specRules(doc: Spec): Finding[] {
  const found = specIdRules(
    "spec",
    doc.iter,
    doc.specs.map((s) => s.spec_id),
  );
  doc.specs.forEach((spec, i) => {
    if (spec.risk_vectors !== undefined && spec.patch === null) {
      found.push(
        issue(
          "spec-risk-vectors-null-patch",
          "warning",
          "expected no risk_vectors on a no-patch spec, found some",
          `/specs/${i}/risk_vectors`,
        ),
      );
    }
    const global = spec.risk_vectors?.globally_firing_nodes_touched ?? [];
    if (global.length > 0 && !spec.expected_signal.some((x) => COUNTERCHECK.test(x))) {
      found.push(
        issue(
          "spec-countercheck",
          "info",
          `expected an expected_signal with a counter-check on baseline-success episodes (globally firing nodes ${global.join(", ")} are touched), found none`,
          `/specs/${i}/expected_signal`,
        ),
      );
    }
    (spec.risk_vectors?.llm_calls ?? []).forEach((call, k) => {
      const at = `/specs/${i}/risk_vectors/llm_calls/${k}`;
      if (call.reasoning_aware !== REASONING.test(call.model_profile)) {
        found.push(
          issue(
            "spec-reasoning-aware",
            "error",
            `expected reasoning_aware ${!call.reasoning_aware} for model_profile ${call.model_profile}, found ${call.reasoning_aware}`,
            `${at}/reasoning_aware`,
          ),
        );
      }
      if (call.reasoning_aware && call.max_tokens < 2000) {
        found.push(
          issue(
            "spec-reasoning-max-tokens",
            "warning",
            `expected max_tokens ≥ 2000 for a reasoning model, found ${call.max_tokens}`,
            `${at}/max_tokens`,
          ),
        );
      }
    });
  });
  return found;
}
