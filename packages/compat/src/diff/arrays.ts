import { childNode, pointerOf, type SchemaNode } from "../schema-node.js";
import { type DiffContext, emit } from "./context.js";
import { emptyLike } from "./objects.js";
import { judges } from "./type-families.js";

interface Layout {
  tupleKw: string;
  tuple: unknown[];
  restKw: string;
  rest: unknown;
}

/** Tuple positions and the schema for the rest, read alike from draft-07 (items array) and 2020-12. */
function layout(n: SchemaNode): Layout {
  const items = n.schema.items;
  if (Array.isArray(items))
    return { tupleKw: "items", tuple: items, restKw: "additionalItems", rest: n.schema.additionalItems };
  const prefix = n.schema.prefixItems;
  return { tupleKw: "prefixItems", tuple: Array.isArray(prefix) ? prefix : [], restKw: "items", rest: items };
}

/** Whether a side allows no item at position `i` past its tuple: its rest is `false` or `maxItems` ends before. */
function noItemAt(n: SchemaNode, l: Layout, i: number): boolean {
  const max = n.schema.maxItems;
  return l.rest === false || (typeof max === "number" && max <= i);
}

export function diffArray(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  // array keywords of a side that refuses every array judge nothing (jscpd's `formatsExts`, an object, had
  // `items` nowhere to apply): the type change is the finding
  // and the items of an array alternative a union keeps as they were (jscpd's formatsExts values)
  if (!judges("items", older, newer)) return;
  const a = layout(older);
  const b = layout(newer);
  const common = Math.min(a.tuple.length, b.tuple.length);
  for (let i = 0; i < common; i++) {
    const na = childNode(older, a.tupleKw, i);
    const nb = childNode(newer, b.tupleKw, i);
    if (na !== undefined && nb !== undefined) ctx.compare(na, nb);
  }
  // a position one side has and the other reads with its rest schema (any when unset): compared with it,
  // unless that side allowed no item there (closed rest, or maxItems below it): then it was added/removed
  const rest = (n: SchemaNode, l: Layout, other: SchemaNode) =>
    l.rest === undefined ? emptyLike(other, n, l.restKw) : childNode(n, l.restKw);
  for (let i = common; i < b.tuple.length; i++) {
    const na = rest(older, a, newer);
    const nb = childNode(newer, b.tupleKw, i);
    if (noItemAt(older, a, i) || na === undefined || nb === undefined)
      emit(ctx, "tuple-item-added", pointerOf(newer, b.tupleKw, i), `tuple position ${i} added`);
    else ctx.compare(na, nb);
  }
  for (let i = common; i < a.tuple.length; i++) {
    const na = childNode(older, a.tupleKw, i);
    const nb = rest(newer, b, older);
    if (noItemAt(newer, b, i) || na === undefined || nb === undefined)
      emit(
        ctx,
        "tuple-item-removed",
        pointerOf(newer, b.tupleKw, i),
        `tuple position ${i} removed`,
        pointerOf(older, a.tupleKw, i),
      );
    else ctx.compare(na, nb);
  }
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
