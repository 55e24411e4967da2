import type { Ajv, Options } from "ajv";
import { lazyRequire } from "./lazy-require.js";

const ajvModule = lazyRequire<typeof import("ajv")>("ajv");
const ajv2020Module = lazyRequire<typeof import("ajv/dist/2020.js")>("ajv/dist/2020.js");
// ajv-formats is CommonJS: the plugin is module.exports itself
const addFormats = lazyRequire<typeof import("ajv-formats").default>("ajv-formats");

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

export function createAjv(draft: Draft, options: Options = {}): Ajv {
  const ajv =
    draft === "2020-12"
      ? new (ajv2020Module().Ajv2020)({ ...AJV_OPTIONS, ...options })
      : new (ajvModule().Ajv)({ ...AJV_OPTIONS, ...options });
  addFormats()(ajv);
  return ajv;
}
