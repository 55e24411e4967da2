import { createAjv, type SchemaObject, type SchemaSet, walk } from "@keel/schema-model";

type Ajv = ReturnType<typeof createAjv>;
export type ValidateFunction = NonNullable<ReturnType<Ajv["getSchema"]>>;

/** The three readers of the README, as ajv validators over one schema set (old, old lenient, new). */
export interface Reader {
  /** the validator of the subschema at `pointer` of a file (own first, then referenced), undefined when ajv cannot build it */
  at(file: string, pointer: string): ValidateFunction | undefined;
  /** where an error's keyword is written (file-independent pointer), from ajv's `parentSchema` */
  locate(error: { parentSchema?: unknown; keyword: string }): string | undefined;
  /** the `$id` of the file an error's keyword is written in */
  fileOf(error: { parentSchema?: unknown }): string | undefined;
  set: SchemaSet;
}

/** A copy that ignores unknown properties: every `additionalProperties: false` (and unevaluated…) dropped. */
export function lenientCopy(schema: SchemaObject): SchemaObject {
  const copy = structuredClone(schema);
  for (const v of walk(copy)) {
    if (typeof v.schema !== "object") continue;
    if (v.schema.additionalProperties === false) delete v.schema.additionalProperties;
    if (v.schema.unevaluatedProperties === false) delete v.schema.unevaluatedProperties;
  }
  return copy;
}

export const encodePointer = (pointer: string): string =>
  pointer
    .split("/")
    .map((t) => encodeURIComponent(t))
    .join("/");

export function reader(set: SchemaSet, lenient = false): Reader {
  const ajv = createAjv(set.draft, { strict: false, allErrors: true, validateFormats: true, verbose: true });
  const seen = new Set<string>();
  const where = new Map<unknown, string>();
  const inFile = new Map<unknown, string>();
  for (const f of set.all) {
    if (seen.has(f.id) || f.draft !== set.draft) continue;
    seen.add(f.id);
    const schema = { ...(lenient ? lenientCopy(f.schema) : f.schema), $id: f.id };
    for (const v of walk(schema))
      if (typeof v.schema === "object" && !where.has(v.schema)) {
        where.set(v.schema, v.pointer);
        inFile.set(v.schema, f.id);
      }
    ajv.addSchema(schema);
  }
  const cache = new Map<string, ValidateFunction | undefined>();
  return {
    set,
    fileOf(e) {
      return inFile.get(e.parentSchema);
    },
    locate(e) {
      const p = where.get(e.parentSchema);
      return p === undefined ? undefined : `${p}/${e.keyword}`;
    },
    at(file, pointer) {
      const own =
        set.own.find((f) => f.name === file) ??
        set.all.find((f) => f.name === file) ??
        (set.own.length === 1 ? set.own[0] : undefined);
      if (own === undefined) return undefined;
      const key = `${own.id}#${encodePointer(pointer)}`;
      if (cache.has(key)) return cache.get(key);
      let v: ValidateFunction | undefined;
      try {
        v = ajv.getSchema(key);
      } catch {
        v = undefined;
      }
      cache.set(key, v);
      return v;
    },
  };
}
