// The part of the package `keel validate` loads for the ajv engine: each document type's ajv check and the
// semantic rules, without zod (zod and the package's zod schemas load in ≈ 0.1 s, most of a run's start-up).
export { ajvChecks, ajvVerdicts } from "./generated/checks.gen.js";
export { myloopCodes } from "./rules/codes.js";
export { semanticRules } from "./rules/semantic-rules.js";
