import type { Finding } from "@keel/diagnostics";
import {
  validateCritique,
  validateExperienceEntry,
  validateExperimentDesign,
  validateHypothesisEntry,
  validateRecord,
  validateSpec,
} from "../generated/api.gen.js";
import { type MyloopType, semanticRules } from "./semantic-rules.js";

export type { MyloopType };
export { semanticRules };

const validators: Record<MyloopType, (doc: unknown) => { valid: boolean; findings: Finding[] }> = {
  record: (d) => validateRecord(d),
  spec: (d) => validateSpec(d),
  critique: (d) => validateCritique(d),
  experience_entry: (d) => validateExperienceEntry(d),
  hypothesis_entry: (d) => validateHypothesisEntry(d),
  experiment_design: (d) => validateExperimentDesign(d),
};

/** Schema first; the semantic rules run only on a schema-valid document. */
export function check(type: MyloopType, doc: unknown): Finding[] {
  const result = validators[type](doc);
  if (result.valid) return semanticRules[type](doc);
  // an if/then failure is always accompanied by the then-branch error that says what is wrong
  const precise = result.findings.filter((f) => f.code !== "schema/if");
  return precise.length > 0 ? precise : result.findings;
}

export const checkRecord = (doc: unknown): Finding[] => check("record", doc);
export const checkSpec = (doc: unknown): Finding[] => check("spec", doc);
export const checkCritique = (doc: unknown): Finding[] => check("critique", doc);
export const checkExperienceEntry = (doc: unknown): Finding[] => check("experience_entry", doc);
export const checkHypothesisEntry = (doc: unknown): Finding[] => check("hypothesis_entry", doc);
export const checkExperimentDesign = (doc: unknown): Finding[] => check("experiment_design", doc);
