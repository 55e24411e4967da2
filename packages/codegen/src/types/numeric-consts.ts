import { isRecord } from "@keel/diagnostics";
import { liftNullable, type SchemaObject, walk } from "@keel/schema-model";

/** Every titled object schema in the prepared copies, by title (= the type quicktype declares for it). */
export function schemasByTitle(schemas: Iterable<SchemaObject>): Map<string, SchemaObject> {
  const out = new Map<string, SchemaObject>();
  for (const file of schemas) {
    for (const v of walk(file)) {
      if (isRecord(v.schema) && typeof v.schema.title === "string" && isRecord(v.schema.properties)) {
        out.set(v.schema.title, v.schema);
      }
    }
  }
  return out;
}

/**
 * quicktype writes a numeric `const`/`enum` (Slipway's `contract_version: 2`) as `number`; zod infers
 * the literal. Narrow such property lines of a declaration back to the literal union.
 */
export function narrowNumericConsts(
  name: string,
  declaration: string,
  byTitle: Map<string, SchemaObject>,
): string {
  const props = byTitle.get(name)?.properties;
  if (!isRecord(props)) return declaration;
  return declaration.replace(
    /^(\s+)(\w+)(\??):\s+number( \| null)?;$/gm,
    (line, indent: string, prop: string, optional: string, orNull = "") => {
      const literals = numericLiterals(props[prop]);
      return literals === undefined ? line : `${indent}${prop}${optional}: ${literals}${orNull};`;
    },
  );
}

function numericLiterals(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined;
  const inner = liftNullable(schema).schema;
  if (!isRecord(inner)) return undefined;
  const values = inner.const !== undefined ? [inner.const] : inner.enum;
  return Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === "number")
    ? values.join(" | ")
    : undefined;
}
