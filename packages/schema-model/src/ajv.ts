import { Ajv, type Options } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

export type Draft = "draft-07" | "2020-12";

const DRAFT_URIS: Record<string, Draft> = {
  "http://json-schema.org/draft-07/schema#": "draft-07",
  "http://json-schema.org/draft-07/schema": "draft-07",
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
};

export function draftOf(schema: { $schema?: unknown }): Draft | undefined {
  return typeof schema.$schema === "string" ? DRAFT_URIS[schema.$schema] : undefined;
}

/**
 * keel's one ajv configuration: strict mode (unknown keywords, formats and ambiguous types are errors),
 * union types allowed (pydantic and schemars emit them), every error collected, formats from ajv-formats.
 */
export const AJV_OPTIONS: Options = { strict: true, allowUnionTypes: true, allErrors: true };

// ajv-formats is CommonJS with a default export; under nodenext the callable sits on `.default`.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export function createAjv(draft: Draft, options: Options = {}): Ajv {
  const ajv =
    draft === "2020-12"
      ? new Ajv2020({ ...AJV_OPTIONS, ...options })
      : new Ajv({ ...AJV_OPTIONS, ...options });
  addFormats(ajv);
  return ajv;
}
