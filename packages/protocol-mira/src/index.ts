// The Mira package's public API, by name. Everything under ./generated is written by `keel gen`;
// generated/exports.gen.ts names the generated API (document types, their validate/parse functions,
// types, zod schemas, constants, downgrades) and `keel gen --check` keeps it complete, so it is the
// one barrel re-exported whole. Every type and zod schema is also reachable through the
// "@keel/mira/types" and "@keel/mira/zod" subpaths.

export type { LineDowngradeOptions } from "./downgrade/index.js";
export { downgradeLine, downgradeTargets } from "./downgrade/index.js";
export { miraProjection } from "./downgrade/projection.js";
export * from "./generated/exports.gen.js";
// the protocol's requirements catalogue (schemas/mira/requirements.json), cited by rules and suites
export type { Requirement } from "./generated/requirements.gen.js";
export { requirements } from "./generated/requirements.gen.js";
export { miraCodes } from "./rules/codes.js";
export type { MiraDocumentType } from "./rules/index.js";
export {
  check,
  checkMessage,
  checkNotification,
  checkRequest,
  checkResponse,
  classify,
  semanticRules,
} from "./rules/index.js";
export type { ToleratedTrajectory } from "./rules/trajectory-leniency.js";
export { tolerate, tolerateTrajectory } from "./rules/trajectory-leniency.js";
