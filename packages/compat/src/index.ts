export type { BumpRequest, BumpResult } from "./bump.js";
export { bumpProtocol } from "./bump.js";
export { canonical } from "./canonical.js";
export { changesetText, protocolPackageName } from "./changeset.js";
export type { AnyCompatRequest, Compared, CompatReport, CompatRequest, WitnessSummary } from "./compat.js";
export { compareFiles, compareProtocol, runCompat, runCompatFiles } from "./compat.js";
export type { DiffOptions } from "./diff/index.js";
export { diffSchemaSets } from "./diff/index.js";
export type { DowngradeOptions } from "./downgrade/downgrade.js";
export { downgrade, protocolDowngradePlan } from "./downgrade/downgrade.js";
export { CompatError } from "./errors.js";
export type { InitialReleaseRequest } from "./initial-release.js";
export { releaseInitial } from "./initial-release.js";
export {
  bumpBetween,
  compareVersions,
  consumerParty,
  latestRelease,
  nextVersion,
  parseVersion,
} from "./policy.js";
export type { RenderOptions } from "./report.js";
export { effectsText, renderJson, renderMarkdown, renderPretty, verdictLine, witnessText } from "./report.js";
export { compatCodes } from "./rules/codes.js";
export { RULES, requiredBump, ruleSpec } from "./rules/index.js";
export type { RuleSpec } from "./rules/spec.js";
export { rulesTable } from "./rules-table.js";
export type { Side, SideOptions } from "./source.js";
export { loadSide } from "./source.js";
export type { Place, ReaderVerdict, Summary } from "./summary.js";
export { summarise } from "./summary.js";
export type { Bump, CompatFinding, Effect, Effects, Party, Unwitnessed, Witness } from "./types.js";
export { BUMPS, bumpRank } from "./types.js";
export type { ConstantChange } from "./version-constants.js";
export { moveVersionConstants } from "./version-constants.js";
export { documentRoot, versionFieldLocations, wireVersion } from "./version-field.js";
export type { WitnessRequest } from "./witness/index.js";
export { addWitnesses } from "./witness/index.js";
export type { WitnessOptions } from "./witness/witness.js";
export { breaksAReader, DEFAULT_WITNESS_MS, witnessFindings } from "./witness/witness.js";
