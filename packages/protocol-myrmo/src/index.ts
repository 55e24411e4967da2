// The Myrmo package's public API, by name. Everything under ./generated is written by `keel gen`;
// generated/exports.gen.ts names the generated API (document types, their validate/parse functions,
// types, zod schemas, constants, downgrades) and `keel gen --check` keeps it complete, so it is the
// one barrel re-exported whole. Every type and zod schema is also reachable through the
// "@keel/myrmo/types" and "@keel/myrmo/zod" subpaths.
export * from "./generated/exports.gen.js";
// the protocol's requirements catalogue (schemas/myrmo/requirements.json), cited by rules and suites
export type { Requirement } from "./generated/requirements.gen.js";
export { requirements } from "./generated/requirements.gen.js";
export { myrmoCodes } from "./rules/codes.js";
export type { MyrmoDocumentType } from "./rules/index.js";
export { check, checkOutcomeReport, checkTrail, semanticRules } from "./rules/index.js";
