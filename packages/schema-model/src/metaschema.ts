import { readFileSync } from "node:fs";
import { schemaErrorsToFindings } from "@keel/diagnostics";
import type { Ajv, ErrorObject } from "ajv";
import { createAjv, type Draft } from "./ajv.js";
import { SchemaLoadError } from "./errors.js";
import type { SchemaFile } from "./schema-set.js";
import { locatePointers } from "./source-position.js";

const validators = new Map<Draft, Ajv>();

/**
 * Check a schema file against its draft's metaschema; an invalid one (`"maxLength": "64"`) is a
 * `schema/invalid` SchemaLoadError at the offending keyword's line:column in `text` (read from the file
 * when not given), shown as `shown`. Run before diffing: a diff of an invalid schema is no verdict.
 */
export function checkMetaschema(file: SchemaFile, text?: string, shown: string = file.path): void {
  let ajv = validators.get(file.draft);
  if (ajv === undefined) {
    ajv = createAjv(file.draft, { verbose: true, strict: false });
    validators.set(file.draft, ajv);
  }
  if (ajv.validateSchema(file.schema) === true) return;
  const error = deepest(ajv.errors ?? []);
  if (error === undefined) return;
  const [finding] = schemaErrorsToFindings([error]);
  const pointer = finding?.pointer ?? error.instancePath;
  const source = text ?? readFileSync(file.path, "utf8");
  const at = locatePointers(source, [pointer]).get(pointer);
  throw new SchemaLoadError(
    "schema/invalid",
    shown,
    `invalid schema (the ${file.draft} metaschema): ${finding?.message ?? error.message}`,
    at,
  );
}

/** The error deepest in the schema: the keyword at fault, not the `anyOf` around it. */
function deepest(errors: readonly ErrorObject[]): ErrorObject | undefined {
  return [...errors].sort((a, b) => b.instancePath.split("/").length - a.instancePath.split("/").length)[0];
}
