import type { Finding } from "@keel/diagnostics";
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
