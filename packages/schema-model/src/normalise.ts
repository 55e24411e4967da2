import type { Schema, SchemaObject } from "./walk.js";

/** A schema with "may also be null" lifted out, so every consumer reads pydantic and plain nullables alike. */
export interface Nullable {
  nullable: boolean;
  schema: Schema;
}

const isNullOnly = (s: unknown): boolean =>
  s !== null && typeof s === "object" && (s as SchemaObject).type === "null" && Object.keys(s).length === 1;

/**
 * Recognise the three spellings of "X or null" and return X with `nullable: true`:
 * pydantic's `anyOf: [X, {type: null}]` (siblings such as description/default kept), `oneOf` of the same
 * shape, and `type: [T, "null"]`. Anything else comes back unchanged with `nullable: false`.
 */
export function liftNullable(schema: Schema): Nullable {
  if (typeof schema === "boolean") return { nullable: false, schema };
  for (const kw of ["anyOf", "oneOf"] as const) {
    const branches = schema[kw];
    if (!Array.isArray(branches) || branches.length !== 2) continue;
    const nullAt = branches.findIndex(isNullOnly);
    const other = branches[1 - nullAt];
    if (nullAt === -1 || other === null || typeof other !== "object" || isNullOnly(other)) continue;
    const { [kw]: _dropped, ...siblings } = schema;
    return { nullable: true, schema: { ...(other as SchemaObject), ...siblings } };
  }
  const type = schema.type;
  if (Array.isArray(type) && type.includes("null") && type.length > 1) {
    const rest = type.filter((t) => t !== "null");
    return { nullable: true, schema: { ...schema, type: rest.length === 1 ? rest[0] : rest } };
  }
  return { nullable: false, schema };
}
