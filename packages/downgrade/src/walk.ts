import { escapeToken, finding, isRecord } from "@keel/diagnostics";
import { checkType, checkValue } from "./checks.js";
import type { Run } from "./context.js";
import { fillMissing } from "./fill.js";
import { allowsNull } from "./fits.js";
import { copy, setOwn } from "./json.js";
import { additionalNodes, applicable, itemNodes, propertyNodes } from "./select.js";
import type { PlanNode } from "./types.js";

/** Nesting beyond this is reported, not walked (a downgrade never overflows the stack). */
const MAX_DEPTH = 1000;

/**
 * The value downgraded under the older version's nodes `olds`. Returns a new value: the input is never
 * shared with the result, so writing the version afterwards cannot alter it.
 */
export function walk(run: Run, value: unknown, olds: number[], at: string, depth: number): unknown {
  if (depth > MAX_DEPTH) {
    run.problems.push(finding("downgrade/too-deep", { depth: MAX_DEPTH }, { pointer: at }));
    return value;
  }
  if (olds.length === 0) return copy(value);
  const here = olds.flatMap((o) => applicable(run.plan, value, o));
  if (!checkType(run, value, here, at)) return copy(value);
  if (Array.isArray(value)) return walkArray(run, value, here, at, depth);
  if (isRecord(value)) return walkObject(run, value, here, at, depth);
  if (!run.versionAt.has(at)) checkValue(run, value, here, at);
  return value;
}

function walkArray(run: Run, items: unknown[], here: PlanNode[], at: string, depth: number): unknown[] {
  const closedAt = here.find((n) => n.closedItems)?.prefix?.length;
  const kept = closedAt === undefined ? items : items.slice(0, closedAt);
  if (kept.length < items.length)
    run.changes.push({
      action: "stripped",
      pointer: `${at}/${kept.length}`,
      detail: `${run.plan.to} admits ${kept.length} items here; dropped ${items.length - kept.length}`,
    });
  return kept.map((v, i) => walk(run, v, itemNodes(here, i), `${at}/${i}`, depth + 1));
}

function walkObject(
  run: Run,
  obj: Record<string, unknown>,
  here: PlanNode[],
  at: string,
  depth: number,
): Record<string, unknown> {
  const { to } = run.plan;
  const required = new Set(here.flatMap((n) => n.required ?? []));
  const closed = here.some((n) => n.closed);
  const newer = new Set(here.flatMap((n) => n.newer ?? []));
  const out: Record<string, unknown> = {};
  const strip = (pointer: string, detail: string) =>
    run.changes.push({ action: "stripped", pointer, detail });
  for (const [key, v] of Object.entries(obj)) {
    const ptr = `${at}/${escapeToken(key)}`;
    const o = propertyNodes(here, key);
    if (o.some((i) => (run.plan.nodes[i] as PlanNode).never)) strip(ptr, `${to} does not allow "${key}"`);
    else if (o.length === 0 && (closed || newer.has(key))) strip(ptr, `${to} does not know "${key}"`);
    else if (o.length === 0) setOwn(out, key, walk(run, v, additionalNodes(here), ptr, depth + 1));
    else if (v === null && !required.has(key) && !o.every((i) => allowsNull(run.plan.nodes[i] as PlanNode)))
      strip(ptr, `${to} has no null for "${key}"; absent instead`);
    else setOwn(out, key, walk(run, v, o, ptr, depth + 1));
  }
  fillMissing(run, obj, out, here, at, (value, nodes, ptr) => walk(run, value, nodes, ptr, depth + 1));
  return out;
}
