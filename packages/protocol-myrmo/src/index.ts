// The Myrmo package's public API, by name. Everything under ./generated is written by
// `keel gen`; every type and zod schema is also reachable through the "@keel/myrmo/types" and
// "@keel/myrmo/zod" subpaths.
export type { Engine, Finding, ValidationResult } from "@keel/diagnostics";
export {
  documentTypes,
  parseOutcomeReport,
  parseTrail,
  validateOutcomeReport,
  validateTrail,
} from "./generated/api.gen.js";
export { protocol, registryEntry, schemaFiles } from "./generated/constants.gen.js";
export type { OutcomeReport, Trail } from "./generated/types.gen.js";
export { OutcomeReportSchema, TrailSchema } from "./generated/zod.gen.js";
export type { MyrmoDocumentType } from "./rules/index.js";
export { check, checkOutcomeReport, checkTrail, semanticRules } from "./rules/index.js";
