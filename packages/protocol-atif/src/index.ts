// The ATIF package's public API, by name. Everything under ./generated is written by `keel gen`;
// generated/exports.gen.ts names the generated API (document types, their validate/parse functions,
// types, zod schemas, constants, downgrades) and `keel gen --check` keeps it complete, so it is the
// one barrel re-exported whole. Every type and zod schema is also reachable through the
// "@keel/atif/types" and "@keel/atif/zod" subpaths.
export * from "./generated/exports.gen.js";
// the protocol's requirements catalogue (schemas/atif/requirements.json), cited by rules and suites
export type { Requirement } from "./generated/requirements.gen.js";
export { requirements } from "./generated/requirements.gen.js";
export { atifCodes } from "./rules/codes.js";
export { checkTrajectory, semanticRules, trajectoryRules } from "./rules/index.js";
