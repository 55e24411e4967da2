import type { Registry, SchemaSet } from "@keel/schema-model";

/**
 * The protocol's registry entry and its schema files as constants, so a protocol package never reads
 * JSON at run time. Schemas are typed loosely on purpose: literal types of 100 KB schemas slow tsc.
 */
export function generateConstantsModule(registry: Registry, set: SchemaSet): string {
  const entry = registry.protocols[set.protocol];
  const schemas = Object.fromEntries(set.own.map((f) => [f.name, f.schema]));
  return [
    `export const protocol = ${JSON.stringify(set.protocol)} as const;`,
    "",
    `export const registryEntry = ${JSON.stringify(entry, null, 2)} as const;`,
    "",
    `export const schemaFiles: Readonly<Record<string, Readonly<Record<string, unknown>>>> = ${JSON.stringify(schemas, null, 2)};`,
    "",
  ].join("\n");
}
