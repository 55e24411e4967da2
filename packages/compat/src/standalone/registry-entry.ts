import type { ConsumerModel, ProtocolEntry, SchemaSet } from "@keel/schema-model";

/**
 * A registry entry for a schema that belongs to no protocol: one document type at the root of the
 * `--to` file, no version field, the `minor-adds-optional` policy (semver read for data: a minor may
 * only add optional properties) and the consumer model from `--consumer`.
 */
export function anyEntry(set: SchemaSet, consumer: ConsumerModel): ProtocolEntry {
  const name = set.own[0]?.name ?? "schema.json";
  return {
    title: name,
    summary: "a schema compared outside any protocol",
    seed: "",
    reference: null,
    version: "0",
    consumer,
    versionPolicy: "minor-adds-optional",
    versionField: null,
    schemas: [name],
    fileKinds: ["json"],
    documentTypes: { document: { schema: name, pointer: "#", fileKinds: ["json"], summary: name } },
    released: [],
    references: [],
    facts: {},
  };
}
