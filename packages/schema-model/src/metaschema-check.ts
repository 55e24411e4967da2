import { readFileSync } from "node:fs";
import { schemaErrorsToFindings } from "@keel/diagnostics";
import type { Ajv, ErrorObject } from "ajv";
import { createAjv, type Draft } from "./ajv.js";
import { SchemaLoadError } from "./errors.js";
import { locatePointers } from "./source-position.js";
import type { SchemaObject } from "./walk.js";

const validators = new Map<Draft, Ajv>();

/**
 * Check a schema against `draft`'s metaschema; an invalid one (`"maxLength": "64"`) is a `schema/invalid`
 * SchemaLoadError at the offending keyword's line:column in `text` (read from `path` when not given),
 * shown as `shown`.
 */
export function checkAgainstMetaschema(
  draft: Draft,
  schema: SchemaObject,
  path: string,
  text?: string,
  shown: string = path,
): void {
  let ajv = validators.get(draft);
  if (ajv === undefined) {
    ajv = createAjv(draft, { verbose: true, strict: false });
    validators.set(draft, ajv);
  }
  if (ajv.validateSchema(schema) === true) return;
  const error = deepest(ajv.errors ?? []);
  if (error === undefined) return;
  const [finding] = schemaErrorsToFindings([error]);
  const pointer = finding?.pointer ?? error.instancePath;
  const source = text ?? readFileSync(path, "utf8");
  const at = locatePointers(source, [pointer]).get(pointer);
  throw new SchemaLoadError(
    "schema/invalid",
    shown,
    `invalid schema (the ${draft} metaschema): ${finding?.message ?? error.message}`,
    at,
  );
}

/** The error deepest in the schema: the keyword at fault, not the `anyOf` around it. */
function deepest(errors: readonly ErrorObject[]): ErrorObject | undefined {
  return [...errors].sort((a, b) => b.instancePath.split("/").length - a.instancePath.split("/").length)[0];
}
