import { type Schema, type SchemaObject, unescapeToken } from "@keel/schema-model";
import type { NamedDefinition } from "../names.js";
import type { Location } from "./context.js";
import { ANNOTATIONS, type Family, unknownKeywords } from "./keywords.js";

/** The schema a named definition stands for. */
export function schemaAt(def: NamedDefinition): Schema {
  if (def.pointer === "") return def.file.schema;
  const [keyword, name] = def.pointer.split("/").slice(1);
  const defs = def.file.schema[keyword ?? ""] as Record<string, Schema> | undefined;
  const schema = defs?.[unescapeToken(name ?? "")];
  if (schema === undefined) throw new Error(`no schema at ${def.file.name}#${def.pointer}`);
  return schema;
}

/** `schema` without annotations; throws on keywords the emitter does not implement. */
export function assertions(schema: SchemaObject, at: Location): SchemaObject {
  const unknown = unknownKeywords(schema);
  if (unknown.length > 0) {
    throw new Error(
      `zod emitter does not implement ${unknown.join(", ")} (at ${at.file.name}#${at.pointer})`,
    );
  }
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATIONS.has(k)));
}

/** The `$ref` of a schema that is nothing but a `$ref` (plus annotations). */
export function aliasRef(schema: Schema): string | undefined {
  if (typeof schema !== "object") return undefined;
  const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  return keys.length === 1 && typeof schema.$ref === "string" ? schema.$ref : undefined;
}

export function intersect(a: ReadonlySet<Family>, b: ReadonlySet<Family>): Set<Family> {
  return new Set([...a].filter((f) => b.has(f)));
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object-literal key; `__proto__` computed so it stays an ordinary property. */
export function propertyKey(key: string): string {
  if (key === "__proto__") return `["__proto__"]`;
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}
