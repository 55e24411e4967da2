import type { Registry, SchemaSet } from "@keel/schema-model";
import type { NamedDefinition, NameTable } from "./names.js";

/** The named definition a document type's registry pointer lands on (`trail` → `Trail`). */
export function documentTypeDefinition(
  registry: Registry,
  set: SchemaSet,
  names: NameTable,
  type: string,
): NamedDefinition {
  const doc = registry.protocols[set.protocol]?.documentTypes[type];
  if (doc === undefined) throw new Error(`${set.protocol} has no document type ${type}`);
  const file = set.fileByName(doc.schema);
  const named = names.lookup(file, doc.pointer === "#" ? "" : decodeURIComponent(doc.pointer.slice(1)));
  if (named === undefined)
    throw new Error(`${set.protocol} document type ${type} has no named definition at ${doc.pointer}`);
  return named;
}
