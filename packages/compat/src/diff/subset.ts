import type { SchemaNode } from "../schema-node.js";
import { isAnnotation } from "./annotations.js";
import type { DiffContext } from "./context.js";
import { acceptsAll, finiteValues } from "./finite-values.js";
import { typeSet } from "./values.js";

/** A branch that accepts every value of its types: `{type: T}` and annotations, nothing else. */
export function isCatchAll(n: SchemaNode): boolean {
  return !n.nullable && Object.keys(n.schema).every((k) => k === "type" || isAnnotation(k));
}

/** Whether `branch` only accepts values a catch-all among `others` accepts already. */
export function coveredBy(branch: SchemaNode, others: SchemaNode[]): boolean {
  const t = valueTypes(branch) ?? typeSet(branch);
  if (branch.nullable) return false;
  return others.some((o) => {
    if (!isCatchAll(o)) return false;
    const c = typeSet(o);
    return [...t].every((x) => c.has(x) || (x === "integer" && c.has("number")));
  });
}

/** The JSON types of the values an enum or const allows; undefined without one. */
function valueTypes(n: SchemaNode): Set<string> | undefined {
  const values = Object.hasOwn(n.schema, "const") ? [n.schema.const] : n.schema.enum;
  if (!Array.isArray(values)) return undefined;
  const kind = (v: unknown) =>
    v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v;
  return new Set(values.map(kind));
}

/** Whether everything `older` accepted `newer` still accepts, as far as a diff can tell (no new-reader break). */
export function accepts(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): boolean {
  // a finite set of values is held to the newer schema value by value where it can be
  const values = finiteValues(older);
  const all = values === undefined ? undefined : acceptsAll(newer, values);
  if (all !== undefined) return all;
  return ctx.probe(older, newer).every((f) => f.effects.newReader !== "breaks");
}
