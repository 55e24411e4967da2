import type { CodeDescription } from "@keel/diagnostics";
import { contentPartsCodes } from "./content-parts.js";
import { finalMetricsCodes } from "./final-metrics.js";
import { stepsCodes } from "./steps.js";
import { subagentsCodes } from "./subagents.js";
import { versionDatedCodes } from "./version-dated.js";

/** Every code atif's semantic rules report, each described in the file of the rule that emits it. */
export const atifCodes: readonly CodeDescription[] = [
  ...contentPartsCodes,
  ...finalMetricsCodes,
  ...stepsCodes,
  ...subagentsCodes,
  ...versionDatedCodes,
];
