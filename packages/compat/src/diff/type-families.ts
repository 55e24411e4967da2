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
  return family === undefined || (admits(older, family) && admits(newer, family));
};
