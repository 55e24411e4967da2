import { isRecord } from "@keel/diagnostics";
import type { SchemaFile, SchemaObject, SchemaSet } from "@keel/schema-model";
import { type NameTable, pascal } from "../names.js";
import { aliasType, arrayItems } from "./alias.js";

/** A union keel declares itself: `export type <name> = <expression>;` */
export interface InlineUnion {
  name: string;
  expression: string;
  /** the placeholder's tag type, which quicktype declares and keel drops */
  tag: string;
}

const TAG = "keel-inline-union";
const KEPT = new Set(["$defs", "definitions", "$id", "$schema"]);

/**
 * quicktype merges an inline `anyOf`/`oneOf` of object types (MCP's `ref: anyOf [PromptReference,
 * ResourceTemplateReference]`) into one all-optional type, so the declared type is wider than what zod
 * infers and the type-level check fails. Such unions (every branch a named definition, an inline object, a
 * primitive or null) are swapped, in the copy quicktype reads, for a placeholder object named `<Owner><Property>` that
 * quicktype declares as a distinct class (a const tag keeps it from merging with another), and keel then
 * declares the name as the union itself. Inline object branches are named `<Owner><Property><n>` and
 * declared by quicktype one by one. A definition that is such a union gets the same treatment: quicktype
 * never follows it, so recursion through it (JSONValue → JSONObject → JSONValue) cannot overflow its stack.
 */
export function hoistInlineUnions(
  copy: SchemaObject,
  file: SchemaFile,
  set: SchemaSet,
  names: NameTable,
  rootName: string | undefined,
): InlineUnion[] {
  const found: InlineUnion[] = [];
  const visit = (schema: unknown, name: string): void => {
    if (!isRecord(schema)) return;
    {
      const union = unionExpression(schema, file, set, names, name);
      if (union !== undefined) {
        const tag = `${name}KeelTag`;
        // a file root keeps what the rest of the file needs: its definitions and identity
        for (const key of Object.keys(schema)) if (!KEPT.has(key)) delete schema[key];
        // inline object branches ride on the placeholder as properties, so quicktype declares each under
        // its own title (`<Owner><Property>1`) instead of merging them
        const carried: Record<string, unknown> = {};
        for (const [branchName, branch] of union.inline) {
          visit(branch, branchName);
          carried[`${TAG}-${branchName}`] = { ...branch, title: branchName };
        }
        Object.assign(schema, {
          title: name,
          type: "object",
          properties: { [TAG]: { title: tag, const: name }, ...carried },
          required: [TAG],
          additionalProperties: false,
        });
        found.push({ name, expression: union.expression, tag });
        return;
      }
    }
    for (const [prop, sub] of Object.entries((schema.properties ?? {}) as Record<string, unknown>))
      visit(sub, name + pascal(prop));
    if (isRecord(schema.items)) visit(schema.items, `${name}Item`);
    for (const kw of ["additionalProperties", "contains"] as const)
      if (isRecord(schema[kw])) visit(schema[kw], `${name}Value`);
    for (const kw of ["anyOf", "oneOf", "allOf"] as const) {
      const branches = schema[kw];
      if (Array.isArray(branches)) for (const [i, b] of branches.entries()) visit(b, `${name}${i + 1}`);
    }
  };
  if (rootName !== undefined) visit(copy, rootName);
  const keyword = copy.$defs ? "$defs" : "definitions";
  for (const [defName, def] of Object.entries((copy[keyword] ?? {}) as Record<string, unknown>)) {
    const named = names.lookup(file, `/${keyword}/${defName.replaceAll("~", "~0").replaceAll("/", "~1")}`);
    if (named !== undefined) visit(def, named.name);
  }
  return found;
}

const SHAPE = ["properties", "patternProperties", "items", "prefixItems", "additionalProperties"];
const isInlineObject = (b: unknown): b is SchemaObject =>
  isRecord(b) && b.$ref === undefined && (b.type === "object" || isRecord(b.properties));

/**
 * The union a schema is, when it is only an `anyOf`/`oneOf` of at least two object types (named
 * definitions or inline objects, which take the names `<name>1`, `<name>2`… by position) beside types keel
 * can name; `inline` lists the inline object branches by the names they take.
 */
function unionExpression(
  schema: SchemaObject,
  file: SchemaFile,
  set: SchemaSet,
  names: NameTable,
  name: string,
): { expression: string; inline: [string, SchemaObject][] } | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  if (SHAPE.some((k) => k in schema)) return undefined;
  const objects = branches.filter((b) => isInlineObject(b) || (isRecord(b) && typeof b.$ref === "string"));
  // one object beside an array is merged too (a union of $refs and an array becomes one all-optional
  // object), and recursion through such an array overflows quicktype's stack (JSONValue)
  const arrays = branches.filter((b) => isRecord(b) && arrayItems(b) !== undefined);
  if (objects.length < 2 && (objects.length === 0 || arrays.length === 0)) return undefined;
  const inline: [string, SchemaObject][] = [];
  const parts: string[] = [];
  for (const [i, b] of branches.entries()) {
    if (isInlineObject(b)) {
      inline.push([`${name}${i + 1}`, b]);
      parts.push(`${name}${i + 1}`);
      continue;
    }
    const part = aliasType(set, names, file, b);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  const expression = [...new Set(parts)].join(" | ");
  return expression.includes(" | ") ? { expression, inline } : undefined;
}

/**
 * Swap quicktype's placeholder classes for the unions: each placeholder is dropped, with its tag type, and
 * where quicktype declared one under another name (a top-level array source named after its item type:
 * `JSONArray` for the `JSONValue` placeholder) the uses of that name become the union's.
 */
export function replacePlaceholders(declarations: Map<string, string>, unions: readonly InlineUnion[]): void {
  for (const [declared, text] of [...declarations]) {
    const union = new RegExp(`"${TAG}": (\\w+)KeelTag;`).exec(text)?.[1];
    if (union === undefined) continue;
    declarations.delete(`${union}KeelTag`);
    // under its own name the declaration keeps its place and becomes the union below
    if (declared === union) continue;
    declarations.delete(declared);
    const use = new RegExp(`\\b${declared}\\b`, "g");
    for (const [name, body] of declarations) declarations.set(name, body.replace(use, union));
  }
  for (const u of unions) {
    declarations.delete(u.tag);
    declarations.set(u.name, `export type ${u.name} = ${u.expression};`);
  }
}
