import type { VersionPolicy } from "@keel/schema-model";
import { requiredBump, ruleSpec } from "../rules/index.js";
import { locationKey, type Origin, type SchemaNode } from "../schema-node.js";
import type { CompatFinding } from "../types.js";

/** State of one diff: findings so far (deduplicated), node pairs already compared, version-field locations. */
export interface DiffContext {
  policy: VersionPolicy;
  findings: Map<string, CompatFinding>;
  memo: Set<string>;
  /** location keys of the protocol's version field in either version */
  versionLocations: Set<string>;
  /** compare two nodes (the recursion entry, passed around to keep modules acyclic) */
  compare: (older: SchemaNode, newer: SchemaNode) => void;
  /** compare two nodes aside and return the findings, leaving this diff's untouched */
  probe: (older: SchemaNode, newer: SchemaNode) => CompatFinding[];
}

/** Record one change. `at` is where it shows in the newer schema, `from` where it was in the older. */
export function emit(
  ctx: DiffContext,
  rule: string,
  at: Origin,
  message: string,
  from?: Origin,
  value?: { json: string },
): void {
  const spec = ruleSpec(rule);
  const requires = requiredBump(spec, ctx.policy);
  const f: CompatFinding = {
    code: `compat/${rule}`,
    severity: requires === "none" ? "info" : "warning",
    message,
    pointer: at.pointer,
    rule,
    file: at.file.name,
    effects: spec.effects,
    requires,
  };
  if (from !== undefined && (from.pointer !== at.pointer || from.file.name !== at.file.name))
    f.fromPointer = from.file.name === at.file.name ? from.pointer : `${from.file.name}#${from.pointer}`;
  if (spec.hint !== undefined) f.hint = spec.hint;
  if (value !== undefined) f.value = JSON.parse(value.json);
  const key = `${rule}|${f.file}|${f.pointer}|${message}`;
  if (!ctx.findings.has(key)) ctx.findings.set(key, f);
}

/** Is this node (or any site that refers to it) the protocol's version field? */
export const isVersionField = (ctx: DiffContext, ...nodes: SchemaNode[]): boolean =>
  nodes.some((n) => n.chain.some((o) => ctx.versionLocations.has(locationKey(o))));
