import type { SchemaNode } from "../node.js";
import { isAnnotation } from "./annotations.js";
import type { DiffContext } from "./context.js";
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
  return ctx.probe(older, newer).every((f) => f.effects.newReader !== "breaks");
}

/**
 * A pattern that only gained alternatives: the two differ in one `(…|…)` group (or the top-level
 * alternation) and every old alternative is still there. Anything else is not judged here.
 */
export function patternWidened(older: string, newer: string): boolean {
  if (older === newer) return false;
  let p = 0;
  while (p < older.length && older[p] === newer[p]) p++;
  let s = 0;
  while (s < older.length - p && s < newer.length - p && older.at(-1 - s) === newer.at(-1 - s)) s++;
  // widen the differing middle to whole alternatives of the enclosing group
  while (p > 0 && !"(|".includes(older[p - 1] as string)) p--;
  while (s > 0 && !")|".includes(older.at(-s) as string)) s--;
  const mid = (x: string) => x.slice(p, x.length - s);
  const a = mid(older);
  const b = mid(newer);
  if (/[()\\]/.test(a + b) && !balanced(a)) return false;
  const alts = (x: string) => x.split("|").filter((y) => y !== "");
  const bs = new Set(alts(b));
  return !/[()]/.test(a) && alts(a).every((x) => bs.has(x)) && balanced(b);
}

function balanced(x: string): boolean {
  let depth = 0;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === "\\") i++;
    else if (x[i] === "(") depth++;
    else if (x[i] === ")" && --depth < 0) return false;
  }
  return depth === 0;
}
