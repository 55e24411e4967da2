import type { Finding } from "@keel/diagnostics";
import {
  validateCritique,
  validateExperienceEntry,
  validateExperimentDesign,
  validateHypothesisEntry,
  validateRecord,
  validateSpec,
} from "../generated/api.gen.js";
import type {
  Critique,
  ExperienceEntry,
  ExperimentDesign,
  HypothesisEntry,
  RecordDocument,
  Spec,
} from "../generated/types.gen.js";
import { critiqueRules } from "./critique.js";
import { designRules } from "./design.js";
import { experienceRules, hypothesisRules } from "./entries.js";
import { placeholderValues } from "./placeholder.js";
import { recordRules } from "./record.js";
import { rollupRules } from "./rollup.js";
import { specRules } from "./spec.js";

export type MyloopType =
  | "record"
  | "spec"
  | "critique"
  | "experience_entry"
  | "hypothesis_entry"
  | "experiment_design";

/** Semantic rules per document type; each assumes the document is schema-valid. */
export const semanticRules: Record<MyloopType, (doc: unknown) => Finding[]> = {
  record: (doc) => [
    ...placeholderValues(doc),
    ...recordRules(doc as RecordDocument),
    ...rollupRules(doc as RecordDocument),
  ],
  spec: (doc) => [...placeholderValues(doc), ...specRules(doc as Spec)],
  critique: (doc) => [...placeholderValues(doc), ...critiqueRules(doc as Critique)],
  experience_entry: (doc) => [...placeholderValues(doc), ...experienceRules(doc as ExperienceEntry)],
  hypothesis_entry: (doc) => [...placeholderValues(doc), ...hypothesisRules(doc as HypothesisEntry)],
  experiment_design: (doc) => [...placeholderValues(doc), ...designRules(doc as ExperimentDesign)],
};

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
