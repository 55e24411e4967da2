import { isRecord } from "@keel/diagnostics";
import { liftNullable, type SchemaFile, type SchemaSet } from "@keel/schema-model";
import type { NameTable } from "../names.js";

const PRIMITIVES: Record<string, string> = {
  string: "string",
  number: "number",
  integer: "number",
  boolean: "boolean",
  null: "null",
};
const SHAPE_KEYWORDS = ["properties", "patternProperties", "items", "prefixItems", "additionalProperties"];

/**
 * A TypeScript type expression for a definition that is not itself an object or array shape: a `$ref`,
 * `allOf` narrowing a `$ref`, a union of such, a primitive, an enum. quicktype merges these into their
 * targets and loses their names (`IterId`, `NextSkipVariant`), so they become aliases instead. Returns
 * undefined for real shapes, which quicktype declares.
 */
export function aliasType(
  set: SchemaSet,
  names: NameTable,
  file: SchemaFile,
  schema: unknown,
): string | undefined {
  if (schema === true) return "unknown";
  if (!isRecord(schema)) return undefined;
  if (typeof schema.$ref === "string") {
    const target = set.resolve(schema.$ref, file);
    const name = names.lookup(target.file, target.pointer)?.name;
    return name ?? aliasType(set, names, target.file, target.schema);
  }
  const { nullable, schema: inner } = liftNullable(schema);
  if (nullable) {
    const base = aliasType(set, names, file, inner);
    return base === undefined ? undefined : `${base} | null`;
  }
  const items = arrayItems(schema);
  if (items !== undefined) {
    const item = aliasType(set, names, file, items);
    return item === undefined ? undefined : `Array<${item}>`;
  }
  if (SHAPE_KEYWORDS.some((k) => k in schema)) return undefined;
  for (const kw of ["oneOf", "anyOf"] as const) {
    const branches = schema[kw];
    if (!Array.isArray(branches)) continue;
    const parts = branches.map((b) => aliasType(set, names, file, b));
    return parts.every((p) => p !== undefined) ? [...new Set(parts)].join(" | ") : undefined;
  }
  if (Array.isArray(schema.allOf)) {
    const refs = schema.allOf.filter((b) => isRecord(b) && typeof b.$ref === "string");
    if (refs.length === 0) return undefined;
    return refs.map((b) => aliasType(set, names, file, b)).join(" & ");
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const mapped = types.map((t) => (typeof t === "string" ? PRIMITIVES[t] : undefined));
  if (mapped.every((t) => t !== undefined) && types.length > 0) return [...new Set(mapped)].join(" | ");
  if (schema.type === "object") return "{ [key: string]: unknown }";
  return undefined;
}

/** The item schema of a plain array (`items` one schema, no tuple or object keywords beside it). */
export function arrayItems(schema: Record<string, unknown>): unknown {
  if (schema.type !== "array" || !isRecord(schema.items)) return undefined;
  return SHAPE_KEYWORDS.some((k) => k !== "items" && k in schema) ? undefined : schema.items;
}
