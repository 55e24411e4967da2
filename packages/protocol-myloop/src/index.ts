// The myloop package's public API, by name. Everything under ./generated is written by `keel gen`;
// generated/exports.gen.ts names the generated API (document types, their validate/parse functions,
// types, zod schemas, constants, downgrades) and `keel gen --check` keeps it complete, so it is the
// one barrel re-exported whole. Every type and zod schema is also reachable through the
// "@keel/myloop/types" and "@keel/myloop/zod" subpaths.
export * from "./generated/exports.gen.js";
// the protocol's requirements catalogue (schemas/myloop/requirements.json), cited by rules and suites
export type { Requirement } from "./generated/requirements.gen.js";
export { requirements } from "./generated/requirements.gen.js";
export { lintRunDirectory } from "./lint/index.js";
export { type DerivedFile, renderRunFile } from "./render/index.js";
export { renderLineage } from "./render/lineage.js";
export { type DerivedLine, normalizeDerived, sameDerived } from "./render/normalize.js";
export { loadRecords } from "./render/records.js";
export { type RunName, runName } from "./render/run-name.js";
export { renderTrace } from "./render/trace.js";
export { myloopCodes } from "./rules/codes.js";
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
