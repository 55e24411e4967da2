import type { SchemaObject } from "@keel/schema-model";
import { jsonSchemaToZod } from "json-schema-to-zod";
import type { Location } from "./context.js";
import { familiesOfType, familyOf, integerOnly } from "./keywords.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * `const` and `enum` as the exact values they allow, after dropping the values the sibling `type` rules
 * out. Primitives go through json-schema-to-zod (`z.literal`, `z.enum`); objects and arrays become strict
 * objects and tuples of literals, which is deep equality (zod's own `z.literal` compares by reference).
 */
export function emitLiteral(s: SchemaObject, at: Location): string | undefined {
  let values: Json[];
  if ("const" in s) values = [s.const as Json];
  else if (Array.isArray(s.enum)) values = s.enum as Json[];
  else return undefined;
  if ("const" in s && Array.isArray(s.enum)) {
    values = values.filter((v) => (s.enum as Json[]).some((e) => JSON.stringify(e) === JSON.stringify(v)));
  }
  const families = familiesOfType(s.type);
  const wholeOnly = integerOnly(s.type);
  values = values.filter(
    (v) => families.has(familyOf(v)) && !(wholeOnly && typeof v === "number" && !Number.isInteger(v)),
  );
  if (values.length === 0) return "z.never()";
  const [first] = values;
  if (values.every(isPrimitive))
    return library(values.length === 1 ? { const: first ?? null } : { enum: values }, at);
  const exact = values.map((v) => exactValue(v, at));
  return exact.length === 1 ? (exact[0] as string) : `z.union([${exact.join(", ")}])`;
}

const isPrimitive = (v: Json): boolean => v === null || typeof v !== "object";

function exactValue(value: Json, at: Location): string {
  if (isPrimitive(value)) return library({ const: value }, at);
  if (Array.isArray(value)) return `z.tuple([${value.map((v) => exactValue(v, at)).join(", ")}])`;
  const entries = Object.entries(value as { [key: string]: Json }).map(
    ([k, v]) => `${JSON.stringify(k)}: ${exactValue(v, at)}`,
  );
  return `z.strictObject({ ${entries.join(", ")} })`;
}

function library(schema: { const: Json } | { enum: Json[] }, at: Location): string {
  const code = jsonSchemaToZod(schema, {
    module: "none",
    zodVersion: 4,
    withoutDefaults: true,
    withoutDescribes: true,
  });
  if (!/^z\.(literal|enum|union)\(/.test(code)) {
    throw new Error(`unexpected json-schema-to-zod output ${code} at ${at.file.name}#${at.pointer}`);
  }
  return code;
}
