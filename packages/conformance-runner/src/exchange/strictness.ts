import { isRecord } from "@keel/diagnostics";

/** The part of a registry entry that says how strictly its documents are read. */
export interface ConsumerFacts {
  consumer?: string;
  documentTypes?: Readonly<Record<string, unknown>>;
}

/**
 * Whether extra keys in an implementation's answer are mismatches, from the registry: a document
 * type's own `consumer`, else the protocol's. A strict consumer (Myrmo, ATIF) rejects unknown fields,
 * so a golden exchange must too; a lenient one (Mira) ignores them, so its goldens allow them.
 */
export function isStrict(entry: ConsumerFacts, documentType?: string): boolean {
  const type = documentType === undefined ? undefined : entry.documentTypes?.[documentType];
  const own = isRecord(type) && typeof type.consumer === "string" ? type.consumer : undefined;
  return (own ?? entry.consumer) === "strict";
}
