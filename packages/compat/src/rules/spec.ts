import type { VersionPolicy } from "@keel/schema-model";
import type { Effect, Effects } from "../types.js";

/** A rule of the catalogue: what kind of change it names and what that change does to each reader. */
export interface RuleSpec {
  id: string;
  /** lowercase one-liner for `keel compat --rules` */
  summary: string;
  /** false for changes that leave the set of valid documents as it was (annotations, renames) */
  wire: boolean;
  /** worst case for each reader (see README.md: the three readers) */
  effects: Effects;
  /** version policies under which a minor may carry this change; every other wire change needs a major */
  minorUnder: readonly VersionPolicy[];
  /** what a producer or maintainer has to do about it, when there is something */
  hint?: string;
}

const E: Record<string, Effect> = { o: "ok", d: "downgrade", b: "breaks" };

/** "odo" → old strict ok, old lenient downgrade, new reader ok. */
export function effects(code: string): Effects {
  const [s, l, n] = [...code].map((c) => E[c]);
  if (s === undefined || l === undefined || n === undefined) throw new Error(`bad effects code ${code}`);
  return { oldStrictReader: s, oldLenientReader: l, newReader: n };
}

export const MINOR_ADDS_OPTIONAL = ["minor-adds-optional", "additive-minor"] as const;
export const ADDITIVE = ["additive-minor"] as const;
export const NEVER = [] as const;

export function rule(
  id: string,
  summary: string,
  code: string,
  minorUnder: readonly VersionPolicy[],
  hint?: string,
): RuleSpec {
  const spec: RuleSpec = { id, summary, wire: true, effects: effects(code), minorUnder };
  if (hint !== undefined) spec.hint = hint;
  return spec;
}

/** A change that no reader can observe: never needs a version bump. */
export function annotation(id: string, summary: string, hint?: string): RuleSpec {
  const spec: RuleSpec = { id, summary, wire: false, effects: effects("ooo"), minorUnder: NEVER };
  if (hint !== undefined) spec.hint = hint;
  return spec;
}
