// The Myrmo package's public API, by name. Everything under ./generated is written by
// `keel gen`; every type and zod schema is also reachable through the "@keel/myrmo/types" and
// "@keel/myrmo/zod" subpaths.
export type { Engine, Finding, ValidationResult } from "@keel/diagnostics";
export {
  documentTypes,
  parseErrorEnvelope,
  parseOutcomeAccepted,
  parseOutcomeReport,
  parsePublishAccepted,
  parseTrail,
  parseTrailStatus,
  validateErrorEnvelope,
  validateOutcomeAccepted,
  validateOutcomeReport,
  validatePublishAccepted,
  validateTrail,
  validateTrailStatus,
} from "./generated/api.gen.js";
export { protocol, registryEntry, schemaFiles } from "./generated/constants.gen.js";
export type {
  ErrorDetail,
  ErrorEnvelope,
  OutcomeAccepted,
  OutcomeReport,
  PublishAccepted,
  Trail,
  TrailStatus,
} from "./generated/types.gen.js";
export {
  ErrorEnvelopeSchema,
  OutcomeAcceptedSchema,
  OutcomeReportSchema,
  PublishAcceptedSchema,
  TrailSchema,
  TrailStatusSchema,
} from "./generated/zod.gen.js";
export type { MyrmoDocumentType } from "./rules/index.js";
export { check, checkOutcomeReport, checkTrail, semanticRules } from "./rules/index.js";
