import { createHash } from "node:crypto";
import { relative } from "node:path";
import { type SchemaFile, sha256File } from "@keel/schema-model";
import type { GeneratedFile } from "./generated-file.js";

/**
 * A working schema file as `keel gen` writes it back: `JSON.stringify(schema, null, 2)` plus a newline.
 * Formatting is keel's job, not the schema author's (an upstream schema indented with 4 spaces is
 * adopted as it is and normalised here); the content never changes.
 */
export const normalisedSchemaText = (file: SchemaFile): string =>
  `${JSON.stringify(file.source ?? file.schema, null, 2)}\n`;

/** The working schema files of a protocol, normalised, as files `keel gen` owns the formatting of. */
export const normalisedSchemas = (root: string, own: readonly SchemaFile[]): GeneratedFile[] =>
  own
    .filter((f) => f.version === "working")
    .map((f) => ({ path: relative(root, f.path), content: normalisedSchemaText(f) }));

/**
 * The sha256 a generated file's header and the fixture manifest record for a source schema: of the
 * normalised text for a working file (what `keel gen` leaves on disk), of the bytes for a frozen release.
 */
export function sourceSha(file: SchemaFile): string {
  if (file.version !== "working") return sha256File(file.path);
  return createHash("sha256").update(normalisedSchemaText(file)).digest("hex");
}
