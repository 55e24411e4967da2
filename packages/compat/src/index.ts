export type { BumpRequest, BumpResult } from "./bump.js";
export { bumpProtocol } from "./bump.js";
export { canonical } from "./canonical.js";
export { changesetText, protocolPackageName } from "./changeset.js";
export type { AnyCompatRequest, CompatReport, CompatRequest } from "./compat.js";
export { runCompat, runCompatFiles } from "./compat.js";
export type { ConstantChange } from "./constants.js";
export { moveVersionConstants } from "./constants.js";
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
export { effectsText, renderJson, renderMarkdown, renderPretty, verdictLine } from "./report.js";
export { RULES, requiredBump, ruleSpec } from "./rules/index.js";
export type { RuleSpec } from "./rules/spec.js";
export { rulesTable } from "./rules-table.js";
export type { Side, SideOptions } from "./source.js";
export { loadSide } from "./source.js";
export type { Bump, CompatFinding, Effect, Effects, Party } from "./types.js";
export { BUMPS, bumpRank } from "./types.js";
export { documentRoot, versionFieldLocations, wireVersion } from "./version-field.js";
