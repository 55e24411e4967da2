import type { Ajv, Options } from "ajv";
import { lazyRequire } from "./lazy-require.js";

const ajvModule = lazyRequire<typeof import("ajv")>("ajv");
const ajv2020Module = lazyRequire<typeof import("ajv/dist/2020.js")>("ajv/dist/2020.js");
const ajv2019Module = lazyRequire<typeof import("ajv/dist/2019.js")>("ajv/dist/2019.js");
const draft06MetaSchema = lazyRequire<object>("ajv/dist/refs/json-schema-draft-06.json");
const ajvDraft04Module = lazyRequire<typeof import("ajv-draft-04")>("ajv-draft-04");
// ajv-formats is CommonJS: the plugin is module.exports itself
const addFormats = lazyRequire<typeof import("ajv-formats").default>("ajv-formats");

/**
 * The JSON Schema drafts keel reads. A draft-04 file is loaded as its draft-07 equivalent (draft-04.ts);
 * ajv-draft-04 is the reference for the file as written.
 */
export type Draft = "draft-04" | "draft-06" | "draft-07" | "2019-09" | "2020-12";

export const DRAFTS: readonly Draft[] = ["draft-04", "draft-06", "draft-07", "2019-09", "2020-12"];

const DRAFT_URIS: Record<string, Draft> = {
  "http://json-schema.org/draft-04/schema#": "draft-04",
  "http://json-schema.org/draft-04/schema": "draft-04",
  "http://json-schema.org/draft-06/schema#": "draft-06",
  "http://json-schema.org/draft-06/schema": "draft-06",
  "http://json-schema.org/draft-07/schema#": "draft-07",
  "http://json-schema.org/draft-07/schema": "draft-07",
  "https://json-schema.org/draft/2019-09/schema": "2019-09",
  "https://json-schema.org/draft/2019-09/schema#": "2019-09",
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
  "https://json-schema.org/draft/2020-12/schema#": "2020-12",
};

/** Whether a draft ignores the keywords beside a `$ref` (draft-04 to draft-07 do; 2019-09 on apply them). */
export const refHidesSiblings = (draft: Draft): boolean =>
  draft === "draft-04" || draft === "draft-06" || draft === "draft-07";

export function draftOf(schema: { $schema?: unknown }): Draft | undefined {
  return typeof schema.$schema === "string" ? DRAFT_URIS[schema.$schema] : undefined;
}

/**
 * keel's one ajv configuration: strict mode (unknown keywords, formats and ambiguous types are errors),
 * union types allowed (pydantic and schemars emit them), every error collected, formats from ajv-formats.
 */
export const AJV_OPTIONS: Options = { strict: true, allowUnionTypes: true, allErrors: true };

export function createAjv(draft: Draft, options: Options = {}): Ajv {
  const all = { ...AJV_OPTIONS, ...options };
  let ajv: Ajv;
  if (draft === "2020-12") ajv = new (ajv2020Module().Ajv2020)(all);
  else if (draft === "2019-09") ajv = new (ajv2019Module().Ajv2019)(all);
  // ajv-draft-04's Ajv has ajv's core type (its own declaration names it AjvCore)
  else if (draft === "draft-04") ajv = new (ajvDraft04Module().default)(all) as unknown as Ajv;
  else ajv = new (ajvModule().Ajv)(all);
  if (draft === "draft-06") ajv.addMetaSchema(draft06MetaSchema());
  addFormats()(ajv);
  return ajv;
}
