import type { Schema, SchemaObject } from "@keel/schema-model";

const isObject = (s: unknown): s is SchemaObject => typeof s === "object" && s !== null && !Array.isArray(s);

/**
 * For the verdict-only schemas: in a member of an `anyOf`/`oneOf`/`allOf` of a `type: "object"` schema,
 * `not: {required: [p]}` (p absent) becomes `properties: {p: false}`, in place. On an object both fail
 * exactly when p is present; on anything else the parent's `type` fails, whatever the member says. ajv
 * then tests `data.p !== undefined` instead of pushing a `required` error and dropping it for every
 * document that passes. A member with a `$ref` (draft-07 ignores its siblings) or that already constrains
 * p is left alone.
 */
export function forbidByProperties(node: SchemaObject): void {
  if (node.type !== "object") return;
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const members = node[keyword];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      if (!isObject(member) || member.$ref !== undefined || member.not === undefined) continue;
      const absent = forbids(member.not);
      const own = (member.properties ?? {}) as Record<string, Schema>;
      if (
        absent.length === 0 ||
        !isObject(own) ||
        absent.some((p) => Object.hasOwn(own, p) && own[p] !== true)
      )
        continue;
      member.properties = { ...own, ...Object.fromEntries(absent.map((p) => [p, false])) };
      delete member.not;
    }
  }
}

/**
 * The properties `not: X` forbids: X is `{required: [p]}` (beside `properties: {p: true}` at most), "has p",
 * or an `anyOf` of such, "has any of them". Anything else forbids nothing we know of.
 */
export function forbids(not: unknown): string[] {
  if (!isObject(not)) return [];
  const schema = not as SchemaObject;
  const keys = Object.keys(schema);
  if (keys.length === 1 && Array.isArray(schema.anyOf)) {
    const each = (schema.anyOf as unknown[]).map(has);
    return each.every((p) => p !== undefined) ? (each as string[]) : [];
  }
  const p = has(schema);
  return p === undefined ? [] : [p];
}

/** The property `schema` demands and checks nothing else of, if it is `{required: [p], properties?: {p: true}}`. */
function has(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  const { required, properties, ...rest } = schema as SchemaObject;
  if (Object.keys(rest).length > 0 || !Array.isArray(required) || required.length !== 1) return undefined;
  const p = required[0];
  if (typeof p !== "string") return undefined;
  if (properties === undefined) return p;
  const props = properties as Record<string, unknown>;
  const trivial = isObject(props) && Object.entries(props).every(([k, v]) => k === p && v === true);
  return trivial ? p : undefined;
}
