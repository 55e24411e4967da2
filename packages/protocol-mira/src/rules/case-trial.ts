import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, type Json, ruleFinding } from "@keel/diagnostics";

/** A case identity (`eval`, `sample`, `target`) in run/execute/score params or a run/execute result. */
export function isCase(value: unknown): value is Json {
  return (
    isRecord(value) &&
    typeof value.eval === "string" &&
    typeof value.sample === "string" &&
    typeof value.target === "string"
  );
}

/**
 * `mira/case-trial`: the case key is `eval/sample@target[k=v,…]` plus `#trial` only when `trials` > 1 (seed,
 * `RunResult::key` / `is_single_trial`). So a repeated case needs `trial` < `trials`, and a single-run case
 * (`trials` 0 or 1) has only trial 0 — any other index would share the plain key of trial 0.
 */
export function caseTrial(value: unknown, pointer: string): Finding[] {
  if (!isCase(value)) return [];
  const trial = typeof value.trial === "number" ? value.trial : 0;
  const trials = typeof value.trials === "number" ? value.trials : 1;
  if (trials > 1 ? trial < trials : trial === 0) return [];
  return [
    ruleFinding(
      "mira/case-trial",
      at(pointer, "trial"),
      trials > 1
        ? `expected a 0-based trial index below trials ${trials}, found ${trial}`
        : `expected trial 0 for a single-run case (trials ${trials}, no #trial suffix in its key), found ${trial}`,
    ),
  ];
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const caseTrialCodes: readonly CodeDescription[] = [
  {
    code: "mira/case-trial",
    meaning: "a repeated case has `trial` < `trials`; a single-run case (`trials` 0 or 1) has only trial 0",
    requirements: ["mira/case-key-trial"],
    example: "expected /params/trial below trials 3, found 3",
  },
];
