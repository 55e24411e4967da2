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
export { lintRunDirectory } from "./lint/index.js";
export { type DerivedFile, renderRunFile } from "./render/index.js";
export { renderLineage } from "./render/lineage.js";
export { type DerivedLine, normalizeDerived, sameDerived } from "./render/normalize.js";
export { loadRecords } from "./render/records.js";
export { type RunName, runName } from "./render/run-name.js";
export { renderTrace } from "./render/trace.js";
export {
  check,
  checkCritique,
  checkExperienceEntry,
  checkExperimentDesign,
  checkHypothesisEntry,
  checkRecord,
  checkSpec,
  type MyloopType,
  semanticRules,
} from "./rules/index.js";
export { expectedRollup } from "./rules/rollup.js";
