// The myloop package's public API, by name. Everything under ./generated is written by
// `keel gen`; every type and zod schema is also reachable through the "@keel/myloop/types" and
// "@keel/myloop/zod" subpaths.
export type { Engine, Finding, ValidationResult } from "@keel/diagnostics";
export {
  documentTypes,
  parseCritique,
  parseExperienceEntry,
  parseExperimentDesign,
  parseHypothesisEntry,
  parseRecord,
  parseSpec,
  validateCritique,
  validateExperienceEntry,
  validateExperimentDesign,
  validateHypothesisEntry,
  validateRecord,
  validateSpec,
} from "./generated/api.gen.js";
export { protocol, registryEntry, schemaFiles } from "./generated/constants.gen.js";
export type {
  Critique,
  ExperienceEntry,
  ExperimentDesign,
  HypothesisEntry,
  RecordDocument,
  Spec,
} from "./generated/types.gen.js";
export {
  CritiqueSchema,
  ExperienceEntrySchema,
  ExperimentDesignSchema,
  HypothesisEntrySchema,
  RecordDocumentSchema,
  SpecSchema,
} from "./generated/zod.gen.js";
