import { canonical } from "../canonical.js";
import { childNode, type SchemaNode } from "../node.js";

const jsonType = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "array"
      : typeof v === "number" && Number.isInteger(v)
        ? "integer"
        : typeof v;

export function typeFits(value: unknown, node: SchemaNode): boolean {
  const t = node.schema.type;
  if (t === undefined) return true;
  const types = Array.isArray(t) ? t.map(String) : [String(t)];
  if (node.nullable) types.push("null");
  const actual = jsonType(value);
  return types.includes(actual) || (actual === "integer" && types.includes("number"));
}

/**
 * How far a value is from fitting a schema, counting only what a downgrade cannot fix as fatal
 * (Infinity: wrong type, constant or enum value) and what it can (missing required, unknown properties)
 * as 1 each. Used to pick the alternative of an anyOf/oneOf or the branch of an if a value belongs to.
 */
export function mismatch(value: unknown, node: SchemaNode, depth = 0): number {
  if (depth > 4) return 0;
  if (!typeFits(value, node)) return Number.POSITIVE_INFINITY;
  if (value === null) return 0;
  if (Object.hasOwn(node.schema, "const") && canonical(node.schema.const) !== canonical(value))
    return Number.POSITIVE_INFINITY;
  const e = node.schema.enum;
  if (Array.isArray(e) && !e.some((x) => canonical(x) === canonical(value))) return Number.POSITIVE_INFINITY;
  let score = 0;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const props = (node.schema.properties ?? {}) as Record<string, unknown>;
    const obj = value as Record<string, unknown>;
    for (const r of Array.isArray(node.schema.required) ? node.schema.required : [])
      if (!Object.hasOwn(obj, String(r))) score += 1;
    for (const [k, v] of Object.entries(obj)) {
      if (!Object.hasOwn(props, k)) {
        if (node.schema.additionalProperties === false) score += 1;
        continue;
      }
      const child = childNode(node, "properties", k);
      if (child !== undefined) score += mismatch(v, child, depth + 1);
    }
  }
  for (const kw of ["anyOf", "oneOf"]) {
    const list = node.schema[kw];
    if (!Array.isArray(list)) continue;
    const scores = list.map((_, i) => {
      const b = childNode(node, kw, i);
      return b === undefined ? Number.POSITIVE_INFINITY : mismatch(value, b, depth + 1);
    });
    score += Math.min(...scores);
  }
  const all = node.schema.allOf;
  if (Array.isArray(all))
    all.forEach((_, i) => {
      const b = childNode(node, "allOf", i);
      if (b !== undefined && !Object.hasOwn(b.schema, "if")) score += mismatch(value, b, depth + 1);
    });
  return score;
}
