import type { SchemaNode } from "../schema-node.js";

/** The JSON type a keyword constrains (it lets every other type through). */
const FAMILY: Record<string, "string" | "number" | "array" | "object"> = {
  maxLength: "string",
  minLength: "string",
  pattern: "string",
  format: "string",
  maximum: "number",
  minimum: "number",
  exclusiveMaximum: "number",
  exclusiveMinimum: "number",
  multipleOf: "number",
  items: "array",
  maxItems: "array",
  minItems: "array",
  uniqueItems: "array",
  maxProperties: "object",
  minProperties: "object",
};

/** Whether a node lets values of a JSON type through: its `type`, when it says one, lists it. */
export function admits(n: SchemaNode, family: string): boolean {
  const t = n.schema.type;
  if (t === undefined) return true;
  const list = (Array.isArray(t) ? t : [t]).map(String);
  return list.includes(family) || (family === "number" && list.includes("integer"));
}

/**
 * Whether a change of `keyword` can decide a verdict: both sides let values of the type it constrains
 * through. A `minimum` beside `type: "boolean"` (eslint-plugin-vue's `skipBlankLines`) judges nothing, so
 * dropping it is no change; a side that refuses the type refuses those values by `type`, reported there.
 */
export const judges = (keyword: string, older: SchemaNode, newer: SchemaNode): boolean => {
  const family = FAMILY[keyword];
  if (family === undefined) return true;
  // a value that became (or stopped being) a union whose every alternative of that type keeps the bound
  // as it was (`forceLoginOrgUUID`'s minLength 1 moved into its string alternative) is not "unset"
  const [u, plain] = unionOnly(newer) ? [newer, older] : [older, newer];
  if (unionOnly(u) && !unionOnly(plain) && keeps(u, plain, keyword, family)) return false;
  return admits(older, family) && admits(newer, family);
};

const unionOnly = (n: SchemaNode): boolean =>
  n.schema.type === undefined && (Array.isArray(n.schema.anyOf) || Array.isArray(n.schema.oneOf));

/** Whether every alternative of `u` that lets the type through says `keyword` as `plain` says it. */
function keeps(u: SchemaNode, plain: SchemaNode, keyword: string, family: string): boolean {
  const alts = [u.schema.anyOf, u.schema.oneOf].flatMap((x) => (Array.isArray(x) ? x : []));
  const typed = alts.filter((a) => {
    const t = (a as { type?: unknown } | null)?.type;
    const list = (Array.isArray(t) ? t : [t]).map(String);
    return t === undefined || list.includes(family) || (family === "number" && list.includes("integer"));
  });
  return (
    typed.length > 0 &&
    typed.every(
      (a) =>
        a !== null &&
        typeof a === "object" &&
        !("$ref" in a) &&
        JSON.stringify((a as Record<string, unknown>)[keyword]) === JSON.stringify(plain.schema[keyword]),
    )
  );
}
