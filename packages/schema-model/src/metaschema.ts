import { checkAgainstMetaschema } from "./metaschema-check.js";
import type { SchemaFile } from "./schema-set.js";

/**
 * Check a schema file against its draft's metaschema; an invalid one (`"maxLength": "64"`) is a
 * `schema/invalid` SchemaLoadError at the offending keyword's line:column in `text` (read from the file
 * when not given), shown as `shown`. Run before diffing: a diff of an invalid schema is no verdict.
 */
export function checkMetaschema(file: SchemaFile, text?: string, shown: string = file.path): void {
  checkAgainstMetaschema(file.draft, file.schema, file.path, text, shown);
}
