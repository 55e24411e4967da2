import { isRecord } from "@keel/diagnostics";
import { patternFits, typeFits, valueFits } from "./fits.js";
import type { DowngradePlan, PlanNode } from "./types.js";

/** The plan nodes that apply to one value: the node, its allOf parts, the best alternative, the if's branch. */
export function applicable(plan: DowngradePlan, value: unknown, index: number, depth = 0): PlanNode[] {
  const n = plan.nodes[index] as PlanNode;
  const out = [n];
  if (depth > 8) return out;
  for (const a of n.allOf ?? []) out.push(...applicable(plan, value, a, depth + 1));
  for (const list of n.choices ?? []) {
    let best = list[0] as number;
    let bestScore = Number.POSITIVE_INFINITY;
    for (const a of list) {
      const s = mismatch(plan, value, a);
      if (s < bestScore) [best, bestScore] = [a, s];
    }
    out.push(...applicable(plan, value, best, depth + 1));
  }
  if (n.cond !== undefined) {
    const branch = mismatch(plan, value, n.cond.test) === 0 ? n.cond.whenTrue : n.cond.whenFalse;
    if (branch !== undefined) out.push(...applicable(plan, value, branch, depth + 1));
  }
  return out;
}

/**
 * How far a value is from fitting a node, counting what a downgrade cannot fix (wrong type, constant or
 * enum value) as Infinity and what it can (a missing required or an unknown property) as 1 each.
 */
function mismatch(plan: DowngradePlan, value: unknown, index: number, depth = 0): number {
  const n = plan.nodes[index] as PlanNode;
  if (depth > 4) return 0;
  if (!typeFits(value, n)) return Number.POSITIVE_INFINITY;
  if (value === null) return 0;
  if (!valueFits(value, n) || !patternFits(value, n)) return Number.POSITIVE_INFINITY;
  let score = 0;
  if (isRecord(value)) {
    for (const r of n.required ?? []) if (!Object.hasOwn(value, r)) score += 1;
    for (const [k, v] of Object.entries(value)) {
      const child = n.props !== undefined && Object.hasOwn(n.props, k) ? n.props[k] : undefined;
      if (child !== undefined) score += mismatch(plan, v, child, depth + 1);
      else if (n.closed) score += 1;
    }
  }
  for (const list of n.choices ?? [])
    score += Math.min(...list.map((a) => mismatch(plan, value, a, depth + 1)));
  for (const a of n.allOf ?? []) score += mismatch(plan, value, a, depth + 1);
  return score;
}

/** The nodes a property of an object matches: by name and by pattern. */
export const propertyNodes = (here: PlanNode[], key: string): number[] =>
  here.flatMap((n) => {
    const named = n.props !== undefined && Object.hasOwn(n.props, key) ? [n.props[key] as number] : [];
    const matched = (n.patternProps ?? []).filter(([p]) => new RegExp(p, "u").test(key)).map(([, i]) => i);
    return [...named, ...matched];
  });

/** The nodes for properties no node names. */
export const additionalNodes = (here: PlanNode[]): number[] =>
  here.flatMap((n) => (n.additional === undefined ? [] : [n.additional]));

/** The nodes for the item at `index` of an array: its tuple position, else the items schema. */
export const itemNodes = (here: PlanNode[], index: number): number[] =>
  here.flatMap((n) => {
    const at = n.prefix !== undefined && index < n.prefix.length ? n.prefix[index] : n.items;
    return at === undefined ? [] : [at];
  });
