import { type SchemaObject, walk } from "@keel/schema-model";

/** The same schema with every `{$ref, …siblings}` written as `{allOf: [{$ref}], …siblings}` (same meaning in ajv). */
export function refAsAllOf(schema: SchemaObject): SchemaObject {
  const copy = structuredClone(schema);
  for (const v of walk(copy)) {
    const s = v.schema;
    if (typeof s !== "object" || typeof s.$ref !== "string" || Object.keys(s).length === 1) continue;
    const ref = s.$ref;
    delete s.$ref;
    s.allOf = [{ $ref: ref }, ...(Array.isArray(s.allOf) ? s.allOf : [])];
  }
  return copy;
}
