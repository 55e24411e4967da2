import { joinPointer } from "./pointer.js";

export type Schema = boolean | SchemaObject;
export interface SchemaObject {
  [keyword: string]: unknown;
}

export interface Visit {
  schema: Schema;
  /** JSON Pointer of this subschema inside its file ("" is the root) */
  pointer: string;
  /** the keyword that holds it ("properties", "items", …), undefined at the root */
  keyword: string | undefined;
  /** property or definition name for map keywords, index for array keywords */
  key: string | number | undefined;
}

const SINGLE = [
  "additionalProperties",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
] as const;
const MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"] as const;
const ARRAYS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

const isSchema = (v: unknown): v is Schema => typeof v === "boolean" || (v !== null && typeof v === "object");

/**
 * Every subschema of `schema` (itself first), depth-first in keyword order, with its pointer. Works for
 * draft-07 (`definitions`, array `items`, schema-valued `dependencies`) and 2020-12 (`$defs`, `prefixItems`).
 */
export function* walk(schema: Schema, pointer = ""): Generator<Visit> {
  yield* visit(schema, pointer, undefined, undefined);
}

function* visit(
  schema: Schema,
  pointer: string,
  keyword: string | undefined,
  key: string | number | undefined,
): Generator<Visit> {
  yield { schema, pointer, keyword, key };
  if (typeof schema === "boolean") return;
  for (const kw of SINGLE) {
    const sub = schema[kw];
    if (isSchema(sub) && !Array.isArray(sub)) yield* visit(sub, joinPointer(pointer, kw), kw, undefined);
  }
  for (const kw of MAPS) yield* visitMap(schema[kw], pointer, kw);
  const deps = schema.dependencies;
  if (deps !== null && typeof deps === "object") {
    for (const [name, sub] of Object.entries(deps)) {
      if (!Array.isArray(sub) && isSchema(sub))
        yield* visit(sub, joinPointer(pointer, "dependencies", name), "dependencies", name);
    }
  }
  for (const kw of ARRAYS) yield* visitArray(schema[kw], pointer, kw);
  const items = schema.items;
  if (Array.isArray(items)) yield* visitArray(items, pointer, "items");
  else if (isSchema(items)) yield* visit(items, joinPointer(pointer, "items"), "items", undefined);
}

function* visitMap(value: unknown, pointer: string, kw: string): Generator<Visit> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return;
  for (const [name, sub] of Object.entries(value)) {
    if (isSchema(sub)) yield* visit(sub, joinPointer(pointer, kw, name), kw, name);
  }
}

function* visitArray(value: unknown, pointer: string, kw: string): Generator<Visit> {
  if (!Array.isArray(value)) return;
  for (const [i, sub] of value.entries()) {
    if (isSchema(sub)) yield* visit(sub, joinPointer(pointer, kw, i), kw, i);
  }
}
