import { isRecord } from "@keel/diagnostics";
import { canonical } from "../canonical.js";
import { childNode, type Origin, type SchemaNode } from "../schema-node.js";
import { isAnnotation } from "./annotations.js";
import { coveredBy, isCatchAll } from "./subset.js";
import { typeSet } from "./values.js";

/** Keywords a plain object branch may carry and still be read as members of the object it constrains. */
const MEMBERS = new Set(["type", "properties", "required"]);
const MAPS = ["additionalProperties", "patternProperties", "unevaluatedProperties", "propertyNames"];

/**
 * `{allOf: [{$ref: Options}, {properties: {env}}]}` means the object whose members the branches declare,
 * when no side closes or maps its undeclared names (then each branch's closing would see only its own
 * names). Read it as that object, so members moved into `allOf`/`$ref` compare with where they were.
 * Anything else (a branch with other keywords, a name declared twice differently) is left as it is.
 */
export function composeAllOf(node: SchemaNode): SchemaNode {
  const all = node.schema.allOf;
  if (!Array.isArray(all) || all.length === 0 || MAPS.some((k) => Object.hasOwn(node.schema, k))) return node;
  const schema = { ...node.schema };
  const origin = new Map(node.origin);
  const properties: Record<string, unknown> = isRecord(schema.properties) ? { ...schema.properties } : {};
  const required = new Set<unknown>(Array.isArray(schema.required) ? schema.required : []);
  for (let i = 0; i < all.length; i++) {
    const b = childNode(node, "allOf", i);
    if (b === undefined || b.nullable) return node;
    const keys = Object.keys(b.schema).filter((k) => !isAnnotation(k));
    if (!keys.every((k) => MEMBERS.has(k)) || keys.length === 0) return node;
    if (b.schema.type !== undefined) {
      if (b.schema.type !== "object" || (schema.type !== undefined && schema.type !== "object")) return node;
      schema.type = "object";
      if (!origin.has("type")) origin.set("type", b.origin.get("type") as Origin);
    }
    if (isRecord(b.schema.properties))
      for (const [k, v] of Object.entries(b.schema.properties)) {
        if (Object.hasOwn(properties, k) && canonical(properties[k]) !== canonical(v)) return node;
        if (Object.hasOwn(properties, k)) continue;
        properties[k] = v;
        const at = b.origin.get(`properties/${k}`) ?? b.origin.get("properties");
        if (at !== undefined) origin.set(`properties/${k}`, at);
        if (!origin.has("properties") && at !== undefined) origin.set("properties", at);
      }
    if (Array.isArray(b.schema.required)) for (const r of b.schema.required) required.add(r);
    if (Array.isArray(b.schema.required) && !origin.has("required"))
      origin.set("required", b.origin.get("required") as Origin);
  }
  delete schema.allOf;
  origin.delete("allOf");
  if (Object.keys(properties).length > 0) schema.properties = properties;
  if (required.size > 0) schema.required = [...required];
  return { ...node, schema, origin };
}

/**
 * `anyOf: [{enum: ["react", "preact"]}, {type: "string"}, {type: "null"}]` accepts what `type: ["string",
 * "null"]` accepts: every alternative is a bare `{type: T}` or only accepts values such an alternative
 * accepts. Read it as that type list (and "null" as nullable), so the rewrite is no change.
 */
export function anyOfAsType(node: SchemaNode): SchemaNode {
  const any = node.schema.anyOf;
  if (!Array.isArray(any) || any.length === 0 || Object.hasOwn(node.schema, "type")) return node;
  const branches = any.map((_, i) => childNode(node, "anyOf", i));
  if (branches.some((b) => b === undefined)) return node;
  const nodes = branches as SchemaNode[];
  const catchAll = nodes.filter(isCatchAll);
  if (catchAll.length === 0 || !nodes.every((b) => isCatchAll(b) || coveredBy(b, catchAll)))
    return typedBranches(node, nodes);
  const types = new Set<string>();
  for (const b of catchAll) for (const t of typeSet(b)) types.add(t);
  let nullable = node.nullable;
  if (types.has("null") && types.size > 1) {
    types.delete("null");
    nullable = true;
  }
  const list = [...types].sort();
  const schema: Record<string, unknown> = { ...node.schema, type: list.length === 1 ? list[0] : list };
  delete schema.anyOf;
  const origin = new Map(node.origin);
  origin.set("type", origin.get("anyOf") as Origin);
  origin.delete("anyOf");
  return { ...node, schema, origin, nullable };
}

/** The keywords that constrain only values of one JSON type (they let every other type through). */
const FAMILY: Record<string, readonly string[]> = {
  string: ["minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  array: [
    "items",
    "additionalItems",
    "prefixItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedItems",
  ],
  object: [
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "dependencies",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
  ],
};
FAMILY.integer = FAMILY.number as readonly string[];
/** The values of a type small enough to list, so a bare branch of it can join an enum. */
const FINITE: Record<string, unknown[]> = { boolean: [true, false], null: [null] };

/**
 * `anyOf: [{type: "string"}, {type: "array", items: X}]` accepts what `{type: ["string", "array"], items: X}`
 * accepts: each alternative is one distinct type with only keywords that constrain that type (and an enum
 * of its values), so the keywords can share one schema. Read it so; anything else is left as it is.
 */
function typedBranches(node: SchemaNode, nodes: SchemaNode[]): SchemaNode {
  const types: string[] = [];
  const schema: Record<string, unknown> = { ...node.schema };
  delete schema.anyOf;
  const origin = new Map(node.origin);
  origin.delete("anyOf");
  const values: unknown[] = [];
  let listed = 0;
  let listedAt: Origin | undefined;
  for (const b of nodes) {
    const t = b.schema.type;
    if (b.nullable || typeof t !== "string" || types.includes(t)) return node;
    if ((t === "integer" && types.includes("number")) || (t === "number" && types.includes("integer")))
      return node;
    types.push(t);
    const enumerated = Array.isArray(b.schema.enum)
      ? b.schema.enum
      : Object.hasOwn(b.schema, "const")
        ? [b.schema.const]
        : undefined;
    if (enumerated !== undefined) {
      values.push(...enumerated);
      listed++;
      listedAt ??= b.origin.get("enum") ?? b.origin.get("const");
    }
    for (const kw of Object.keys(b.schema)) {
      if (kw === "type" || kw === "enum" || kw === "const" || isAnnotation(kw)) continue;
      if (!(FAMILY[t] ?? []).includes(kw) || Object.hasOwn(schema, kw)) return node;
      schema[kw] = b.schema[kw];
      origin.set(kw, b.origin.get(kw) as Origin);
    }
  }
  if (listed > 0) {
    // an enum across the branches: every branch without one must be a type whose values can be listed
    for (const b of nodes) {
      if (Array.isArray(b.schema.enum) || Object.hasOwn(b.schema, "const")) continue;
      const all = FINITE[b.schema.type as string];
      if (all === undefined) return node;
      values.push(...all);
    }
    schema.enum = values;
    // located at the first alternative that lists values (a reader's refusal is reported inside the anyOf)
    origin.set("enum", (listedAt ?? node.origin.get("anyOf")) as Origin);
  }
  schema.type = types.length === 1 ? types[0] : types;
  origin.set("type", node.origin.get("anyOf") as Origin);
  return { ...node, schema, origin };
}
