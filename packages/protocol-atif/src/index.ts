// The ATIF package's public API, by name. Everything under ./generated is written by
// `keel gen`; every type and zod schema is also reachable through the "@keel/atif/types" and
// "@keel/atif/zod" subpaths.
export type { Engine, Finding, ValidationResult } from "@keel/diagnostics";
export {
  documentTypes,
  parseTrajectory,
  validateTrajectory,
} from "./generated/api.gen.js";
export { protocol, registryEntry, schemaFiles } from "./generated/constants.gen.js";
export type { TrajectoryDocument } from "./generated/types.gen.js";
export { TrajectoryDocumentSchema } from "./generated/zod.gen.js";
export { checkTrajectory, semanticRules, trajectoryRules } from "./rules/index.js";
