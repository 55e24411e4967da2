import { at, isRecord, type Json, unescapeToken } from "@keel/diagnostics";

/** A schema file set addressed by file name, each with its `$id`. */
export type SchemaFiles = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

interface Located {
  schema: Json;
  file: string;
}

function follow(root: unknown, fragment: string): unknown {
  return fragment
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (node, token) => (isRecord(node) ? node[unescapeToken(decodeURIComponent(token))] : undefined),
      root,
    );
}

function resolve(files: SchemaFiles, ref: string, from: string): Located | undefined {
  const [base = "", fragment = ""] = ref.split("#");
  const file =
    base === "" ? from : Object.keys(files).find((name) => files[name]?.$id === base || name === base);
  if (file === undefined) return undefined;
  const schema = follow(files[file], fragment);
  return isRecord(schema) ? { schema, file } : undefined;
}

const branches = ["allOf", "anyOf", "oneOf"] as const;

/**
 * Walks a document together with its schema and calls `visit` with every (subschema, value, pointer) pair
 * the schema applies there. Every branch of allOf/anyOf/oneOf and if/then/else is followed, which
 * over-approximates: callers use it for annotations (such as `$comment`) that sit on named properties.
 */
export function walkWithSchema(
  files: SchemaFiles,
  start: { file: string; pointer: string },
  document: unknown,
  visit: (schema: Json, value: unknown, pointer: string) => void,
): void {
  const seen = new Map<Json, Set<string>>();
  const walk = (located: Located | undefined, value: unknown, pointer: string): void => {
    if (located === undefined) return;
    const { schema, file } = located;
    const visited = seen.get(schema) ?? new Set<string>();
    if (visited.has(pointer)) return;
    seen.set(schema, visited.add(pointer));
    visit(schema, value, pointer);
    const sub = (s: unknown): Located | undefined => (isRecord(s) ? { schema: s, file } : undefined);
    if (typeof schema.$ref === "string") walk(resolve(files, schema.$ref, file), value, pointer);
    for (const key of branches) {
      const list = schema[key];
      if (Array.isArray(list)) for (const s of list) walk(sub(s), value, pointer);
    }
    for (const key of ["if", "then", "else"] as const) walk(sub(schema[key]), value, pointer);
    if (isRecord(value)) {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      for (const [key, item] of Object.entries(value)) {
        const known = Object.hasOwn(properties, key);
        walk(sub(known ? properties[key] : schema.additionalProperties), item, at(pointer, key));
      }
    }
    if (Array.isArray(value)) {
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
      value.forEach((item, i) => {
        walk(sub(i < prefix.length ? prefix[i] : schema.items), item, at(pointer, i));
      });
    }
  };
  walk(resolve(files, start.pointer, start.file), document, "");
}
