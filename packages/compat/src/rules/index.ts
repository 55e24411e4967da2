import type { VersionPolicy } from "@keel/schema-model";
import type { Bump } from "../types.js";
import { boundRules } from "./bounds.js";
import { objectRules } from "./objects.js";
import type { RuleSpec } from "./spec.js";
import { structureRules } from "./structure.js";
import { valueRules } from "./values.js";

/** Every rule keel compat knows, in catalogue order. Ids are stable: CI logs and baselines name them. */
export const RULES: readonly RuleSpec[] = [...objectRules, ...valueRules, ...boundRules, ...structureRules];

const byId = new Map(RULES.map((r) => [r.id, r]));

export function ruleSpec(id: string): RuleSpec {
  const spec = byId.get(id);
  if (spec === undefined) throw new Error(`no compat rule ${id}`);
  return spec;
}

/** The smallest bump a change of this rule needs under a version policy. */
export function requiredBump(rule: RuleSpec, policy: VersionPolicy): Bump {
  if (!rule.wire) return "none";
  return rule.minorUnder.includes(policy) ? "minor" : "major";
}
