import { join } from "node:path";
import {
  draftOf,
  findRoot,
  loadRegistry,
  type ProtocolEntry,
  type SchemaFile,
  type SchemaObject,
  SchemaSet,
  type VersionField,
  type VersionPolicy,
} from "@keel/schema-model";

/** The repository, its registry, and ../shared (upstream references; KEEL_SHARED overrides). */
export const root = findRoot(import.meta.dirname);
export const registry = loadRegistry(root);
export const shared = process.env.KEEL_SHARED ?? join(root, "..", "shared");

export const D2020 = "https://json-schema.org/draft/2020-12/schema";
export const D07 = "http://json-schema.org/draft-07/schema#";

/** A schema file held in memory (never read from disk). */
export function memoryFile(schema: SchemaObject, name = "t.schema.json", version = "x"): SchemaFile {
  const s = { $schema: D2020, $id: `https://keel.test/${name}`, ...schema };
  const draft = draftOf(s);
  if (draft === undefined) throw new Error("test schema needs a known $schema");
  return { protocol: "t", version, name, path: `/memory/${name}`, id: s.$id, draft, schema: s };
}

export function memorySet(version: string, ...schemas: Array<SchemaObject | SchemaFile>): SchemaSet {
  const files = schemas.map((s) =>
    "draft" in s && "path" in s ? (s as SchemaFile) : memoryFile(s, "t.schema.json", version),
  );
  return new SchemaSet("t", version, files, []);
}

/** A registry entry for the in-memory protocol "t": document type `doc` is the root of t.schema.json. */
export function testEntry(
  policy: VersionPolicy = "minor-adds-optional",
  versionField: VersionField | null = null,
  consumer: "strict" | "lenient" = "strict",
): ProtocolEntry {
  return {
    title: "t",
    summary: "test protocol",
    seed: "000_0000000000000000.txt",
    reference: null,
    version: "1.1",
    consumer,
    versionPolicy: policy,
    versionField,
    schemas: ["t.schema.json"],
    fileKinds: ["json"],
    documentTypes: { doc: { schema: "t.schema.json", pointer: "#", fileKinds: ["json"], summary: "test" } },
    released: [{ version: "1.0", files: { "t.schema.json": "0".repeat(64) } }],
    references: [],
    facts: {},
  };
}
