import { checkAgainstMetaschema } from "./metaschema-check.js";
import { type SchemaObject, walk } from "./walk.js";

/**
 * A draft-04 schema rewritten in draft-07, keeping its meaning: `id` → `$id` (a fragment-only `id`
 * below the root stays, as draft-07 reads no anchor there), a boolean `exclusiveMaximum`/`exclusiveMinimum`
 * → the bound itself (`{maximum: 5, exclusiveMaximum: true}` → `{exclusiveMaximum: 5}`; `false` dropped).
 * Everything else means the same in both. The input is not changed: keel gen writes the file back as it was.
 */
export function draft04To07(schema: SchemaObject): SchemaObject {
  const copy = structuredClone(schema);
  for (const v of walk(copy))
    if (typeof v.schema === "object" && v.schema !== null) rewrite(v.schema, v.pointer === "");
  copy.$schema = "http://json-schema.org/draft-07/schema#";
  return copy;
}

function rewrite(s: SchemaObject, root: boolean): void {
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

/**
 * A draft-04 file read as keel reads it: checked first against the draft-04 metaschema by ajv-draft-04 (a
 * located `schema/invalid`, so a numeric `exclusiveMaximum` is refused, not read as draft-07's), then
 * rewritten in draft-07.
 */
export function readDraft04(schema: SchemaObject, path: string): SchemaObject {
  checkAgainstMetaschema("draft-04", schema, path);
  return draft04To07(schema);
}
