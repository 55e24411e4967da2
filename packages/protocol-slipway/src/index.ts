// The Slipway machine protocol package's public API, by name. Everything under ./generated is written by `keel gen`;
// generated/exports.gen.ts names the generated API (document types, their validate/parse functions,
// types, zod schemas, constants, downgrades) and `keel gen --check` keeps it complete, so it is the
// one barrel re-exported whole. Every type and zod schema is also reachable through the
// "@keel/slipway/types" and "@keel/slipway/zod" subpaths.
export * from "./generated/exports.gen.js";
// the protocol's requirements catalogue (schemas/slipway/requirements.json), cited by rules and suites
export type { Requirement } from "./generated/requirements.gen.js";
export { requirements } from "./generated/requirements.gen.js";
export { slipwayCodes } from "./rules/codes.js";
export { completedOutcome } from "./rules/completed-outcome.js";
export type { SlipwayDocumentType } from "./rules/index.js";
export {
  check,
  checkAction,
  checkActionMaterial,
  checkChangeReport,
  checkCliError,
  checkDoctorReport,
  checkListReport,
  checkOutcome,
  checkPinnedMaterial,
  checkProtocolState,
  checkRawSourceEnvelope,
  checkRunStatus,
  checkSourceEnvelope,
  checkSourceManifest,
  checkStatusList,
  semanticRules,
} from "./rules/index.js";
export { stdoutType } from "./rules/stdout-type.js";
