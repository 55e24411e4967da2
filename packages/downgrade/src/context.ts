import type { Finding } from "@keel/diagnostics";
import type { ApplyOptions, DowngradeChange, DowngradePlan } from "./types.js";

/** One run of applyDowngrade: its plan and options, and what it did and could not do so far. */
export interface Run {
  plan: DowngradePlan;
  options: ApplyOptions;
  changes: DowngradeChange[];
  problems: Finding[];
  /** concrete pointers of the version fields, whose values are written afterwards, not checked */
  versionAt: Set<string>;
}
