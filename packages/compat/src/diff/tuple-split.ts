import { isRecord } from "@keel/diagnostics";
import { canonical } from "../canonical.js";
import type { SchemaNode } from "../schema-node.js";
import { isAnnotation } from "./annotations.js";

/** Keywords a tuple schema may carry and still be read as "one list of positions per length". */
const TUPLE = new Set(["type", "items", "prefixItems", "additionalItems", "minItems", "maxItems"]);

/** Longest tuple expanded: a split into one alternative per length stays short. */
const LONGEST = 16;

/**
 * The arrays a closed tuple schema accepts, as a map from each length it allows to the canonical text of
 * the item schemas at those positions; undefined when it is not such a tuple (open-ended, or with other
 * keywords). `[A, B, C]` with `minItems: 2, maxItems: 3` is `{2: [A, B], 3: [A, B, C]}`.
 */
function byLength(s: unknown): Map<number, string> | undefined {
  if (!isRecord(s) || s.type !== "array") return undefined;
  if (!Object.keys(s).every((k) => TUPLE.has(k) || isAnnotation(k))) return undefined;
  const draft07 = Array.isArray(s.items);
  const tuple = (draft07 ? s.items : s.prefixItems) as unknown[] | undefined;
  const rest = draft07 ? s.additionalItems : s.items;
  if (!Array.isArray(tuple) || tuple.length === 0 || tuple.length > LONGEST) return undefined;
  const min = typeof s.minItems === "number" ? s.minItems : 0;
  const max = Math.min(
    typeof s.maxItems === "number" ? s.maxItems : Number.POSITIVE_INFINITY,
    rest === false ? tuple.length : Number.POSITIVE_INFINITY,
  );
  // positions past the tuple take `rest`; only a length bounded within the tuple is expanded
  if (max > tuple.length) return undefined;
  const out = new Map<number, string>();
  for (let n = Math.max(0, min); n <= max; n++) out.set(n, canonical(tuple.slice(0, n).map(bare)));
  return out;
}

/** A position's schema without its annotations (a description moved with the split is no change). */
function bare(s: unknown): unknown {
  if (!isRecord(s)) return s;
  return Object.fromEntries(Object.entries(s).filter(([k]) => !isAnnotation(k)));
}

/**
 * A `oneOf`/`anyOf` whose alternatives are each a closed tuple, as the same map: lengths of two
 * alternatives never overlap (a `oneOf` of overlapping ones refuses what both accept).
 */
function unionByLength(s: Record<string, unknown>): Map<number, string> | undefined {
  const kw = Array.isArray(s.oneOf) ? "oneOf" : Array.isArray(s.anyOf) ? "anyOf" : undefined;
  if (kw === undefined || (Array.isArray(s.oneOf) && Array.isArray(s.anyOf))) return undefined;
  const others = Object.keys(s).filter((k) => k !== kw && !isAnnotation(k));
  if (!others.every((k) => k === "type") || (s.type !== undefined && s.type !== "array")) return undefined;
  const out = new Map<number, string>();
  for (const alt of s[kw] as unknown[]) {
    const m = byLength(alt);
    if (m === undefined) return undefined;
    for (const [n, positions] of m) {
      if (out.has(n)) return undefined;
      out.set(n, positions);
    }
  }
  return out;
}

const same = (a: Map<number, string>, b: Map<number, string>): boolean =>
  a.size === b.size && [...a].every(([n, p]) => b.get(n) === p);

/**
 * A tuple split into one alternative per length (`[A, B, C]` of 2 to 3 items rewritten as `oneOf: [[A, B]
 * closed, [A, B, C] closed]`, as package.json's `@typescript-eslint/quotes`) accepts the same arrays: when
 * one side is that split of the other, read the split side as the tuple, so the rewrite is no change.
 */
export function tupleSplit(older: SchemaNode, newer: SchemaNode): [SchemaNode, SchemaNode] {
  const a = byLength(older.schema);
  const b = byLength(newer.schema);
  if (a !== undefined && b === undefined) {
    const u = unionByLength(newer.schema);
    if (u !== undefined && same(a, u))
      return [older, { ...newer, schema: older.schema, origin: older.origin }];
  }
  if (b !== undefined && a === undefined) {
    const u = unionByLength(older.schema);
    if (u !== undefined && same(b, u))
      return [{ ...older, schema: newer.schema, origin: newer.origin }, newer];
  }
  return [older, newer];
}
