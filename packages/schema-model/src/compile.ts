import { KeelError } from "@keel/diagnostics";
import type { Ajv, ValidateFunction } from "ajv";
import { createAjv } from "./ajv.js";
import { SchemaLoadError } from "./errors.js";
import { checkMetaschema } from "./metaschema.js";
import { protocolEntry } from "./registry.js";
import type { Registry } from "./registry-types.js";
import type { SchemaSet } from "./schema-set.js";

/** An ajv instance holding a whole schema set, with one validator per document type. */
export interface CompiledProtocol {
  ajv: Ajv;
  validator(documentType: string): ValidateFunction;
  /** the ajv key of a document type's schema: `$id` plus its fragment */
  refOf(documentType: string): string;
}

/**
 * Add every file of the set to one strict ajv and compile each document type's entry point. Files of
 * another draft (a draft-07 protocol referencing a 2020-12 one) are refused: ajv cannot mix them.
 */
export function compileSchemaSet(
  registry: Registry,
  set: SchemaSet,
  ajv: Ajv = createAjv(set.draft),
): CompiledProtocol {
  const seen = new Set<string>();
  for (const file of set.all) {
    if (seen.has(file.id)) continue;
    seen.add(file.id);
    if (file.draft !== set.draft) {
      throw new SchemaLoadError(
        "schema/mixed-drafts",
        file.path,
        `expected ${set.draft} like the rest of ${set.protocol}, found ${file.draft}`,
      );
    }
    try {
      // a file without $id is keyed by its default identity (schema-set.ts)
      ajv.addSchema(file.schema, typeof file.schema.$id === "string" ? undefined : file.id);
    } catch (error) {
      // a schema its metaschema refuses is named at the keyword's line:column, not by ajv's data path
      checkMetaschema(file);
      throw new SchemaLoadError(
        "schema/not-compilable",
        file.path,
        (error as Error).message,
        undefined,
        error,
      );
    }
  }
  const types = protocolEntry(registry, set.protocol).documentTypes;
  const cache = new Map<string, ValidateFunction>();
  const fileOf = (documentType: string) => {
    const entry = types[documentType];
    if (entry === undefined) {
      throw new KeelError(
        "registry/unknown-document-type",
        `${set.protocol} has no document type "${documentType}"`,
      );
    }
    return { file: set.fileByName(entry.schema), pointer: entry.pointer };
  };
  const refOf = (documentType: string): string => {
    const { file, pointer } = fileOf(documentType);
    return pointer === "#" ? file.id : `${file.id}${pointer}`;
  };
  return {
    ajv,
    refOf,
    validator(documentType) {
      const cached = cache.get(documentType);
      if (cached) return cached;
      const { file } = fileOf(documentType);
      const ref = refOf(documentType);
      let validate: ValidateFunction | undefined;
      try {
        validate = ajv.getSchema(ref);
      } catch (error) {
        throw new SchemaLoadError(
          "schema/not-compilable",
          file.path,
          (error as Error).message,
          undefined,
          error,
        );
      }
      if (validate === undefined)
        throw new SchemaLoadError("schema/unresolved-ref", file.path, `no schema at ${ref}`);
      cache.set(documentType, validate);
      return validate;
    },
  };
}
