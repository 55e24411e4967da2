import { childNode, pointerOf, type SchemaNode } from "../schema-node.js";
import { type DiffContext, emit } from "./context.js";
import { emptyLike } from "./objects.js";

/** Tuple positions and the schema for the rest, read alike from draft-07 (items array) and 2020-12. */
function layout(n: SchemaNode): { tupleKw: string; tuple: unknown[]; restKw: string; rest: unknown } {
  const items = n.schema.items;
  if (Array.isArray(items))
    return { tupleKw: "items", tuple: items, restKw: "additionalItems", rest: n.schema.additionalItems };
  const prefix = n.schema.prefixItems;
  return { tupleKw: "prefixItems", tuple: Array.isArray(prefix) ? prefix : [], restKw: "items", rest: items };
}

export function diffArray(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  const a = layout(older);
  const b = layout(newer);
  const common = Math.min(a.tuple.length, b.tuple.length);
  for (let i = 0; i < common; i++) {
    const na = childNode(older, a.tupleKw, i);
    const nb = childNode(newer, b.tupleKw, i);
    if (na !== undefined && nb !== undefined) ctx.compare(na, nb);
  }
  for (let i = common; i < b.tuple.length; i++)
    emit(ctx, "tuple-item-added", pointerOf(newer, b.tupleKw, i), `tuple position ${i} added`);
  for (let i = common; i < a.tuple.length; i++)
    emit(
      ctx,
      "tuple-item-removed",
      pointerOf(newer, b.tupleKw, i),
      `tuple position ${i} removed`,
      pointerOf(older, a.tupleKw, i),
    );
  if (a.rest !== undefined || b.rest !== undefined) {
    const na = a.rest === undefined ? undefined : childNode(older, a.restKw);
    const nb = b.rest === undefined ? undefined : childNode(newer, b.restKw);
    ctx.compare(na ?? emptyLike(newer, older, a.restKw), nb ?? emptyLike(older, newer, b.restKw));
  }
  const ca = childNode(older, "contains");
  const cb = childNode(newer, "contains");
  if (ca !== undefined || cb !== undefined)
    ctx.compare(ca ?? emptyLike(newer, older, "contains"), cb ?? emptyLike(older, newer, "contains"));
}
