import type { Draft, SchemaObject } from "@keel/schema-model";
import { walk } from "@keel/schema-model";

/** The drafts keel reads, by `$schema` URI (with or without the trailing `#`). */
const DIALECTS: Record<string, string> = {
  "http://json-schema.org/draft-04/schema": "draft-04",
  "http://json-schema.org/draft-06/schema": "draft-06",
  "http://json-schema.org/draft-07/schema": "draft-07",
  "https://json-schema.org/draft/2019-09/schema": "2019-09",
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
};

export const NEWEST = "2020-12";

/** The draft a file declares, "none" without `$schema`, undefined for one keel does not know. */
export function declaredDraft(schema: SchemaObject): string | undefined {
  if (schema.$schema === undefined) return "none";
  if (typeof schema.$schema !== "string") return undefined;
  return DIALECTS[schema.$schema.replace(/#$/, "")];
}

/**
 * Rewrite a schema of any known draft into the two keel's diff and ajv read (draft-07 or 2020-12),
 * keeping its meaning: draft-04 `id` and boolean exclusive bounds, 2019-09 array `items`. The input is
 * not changed; the copy is returned with the draft it is now written in.
 */
export function normaliseDraft(schema: SchemaObject, draft: string): { schema: SchemaObject; draft: Draft } {
  const copy = structuredClone(schema);
  if (draft === "2020-12" || draft === "none") return { schema: copy, draft: "2020-12" };
  if (draft === "2019-09") {
    for (const v of walk(copy)) if (typeof v.schema === "object") itemsTo2020(v.schema);
    copy.$schema = "https://json-schema.org/draft/2020-12/schema";
    return { schema: copy, draft: "2020-12" };
  }
  if (draft === "draft-04")
    for (const v of walk(copy)) if (typeof v.schema === "object") draft04To07(v.schema, v.pointer === "");
  copy.$schema = "http://json-schema.org/draft-07/schema#";
  return { schema: copy, draft: "draft-07" };
}

function itemsTo2020(s: SchemaObject): void {
  if (!Array.isArray(s.items)) return;
  s.prefixItems = s.items;
  delete s.items;
  if (s.additionalItems !== undefined) s.items = s.additionalItems;
  delete s.additionalItems;
}

function draft04To07(s: SchemaObject, root: boolean): void {
  if (typeof s.id === "string" && (root || !s.id.startsWith("#"))) {
    if (s.$id === undefined) s.$id = s.id;
    delete s.id;
  }
  for (const [bound, exclusive] of [
    ["maximum", "exclusiveMaximum"],
    ["minimum", "exclusiveMinimum"],
  ] as const) {
    if (typeof s[exclusive] !== "boolean") continue;
    if (s[exclusive] === true && typeof s[bound] === "number") {
      s[exclusive] = s[bound];
      delete s[bound];
    } else delete s[exclusive];
  }
}
