import { isRecord } from "@keel/diagnostics";
import { joinPointer, type SchemaObject, type SchemaSet, walk } from "@keel/schema-model";
import { type NameTable, pascal } from "../names.js";
import { hoistInlineUnions, type InlineUnion } from "./inline-unions.js";

/**
 * quicktype names a type after its schema's `title`, else after the property holding it, and breaks
 * ties with `Purple`/`Fluffy`. Give it unambiguous titles instead: every named definition its table
 * name, every inline object or enum `<Owner><Property>` (`VerificationMethodType`), array items
 * `<Owner><Property>Item`. Returns titled deep copies (with `false` property schemas, which quicktype
 * cannot read, dropped) of every file in the set, keyed by `$id`. Inline unions quicktype would merge
 * are swapped for placeholders and collected in `unions` (inline-unions.ts).
 */
export function titledSchemas(
  set: SchemaSet,
  names: NameTable,
  unions: InlineUnion[] = [],
): Map<string, SchemaObject> {
  const out = new Map<string, SchemaObject>();
  for (const file of set.all) {
    if (out.has(file.id)) continue;
    const copy = structuredClone(file.schema);
    // the root first: an unnamed root's strip pass walks into $defs, which are titled after it
    const root = names.lookup(file, "");
    if (root) title(copy, root.name, true);
    else stripTitles(copy);
    const keyword = copy.$defs ? "$defs" : "definitions";
    for (const [defName, def] of Object.entries((copy[keyword] ?? {}) as Record<string, unknown>)) {
      const named = names.lookup(file, joinPointer("", keyword, defName));
      if (named && isRecord(def)) title(def, named.name, true);
    }
    dropForbiddenProperties(copy);
    dropRefinements(copy);
    // only this protocol's own files: another protocol's types are imported from its package
    if (file.protocol === set.protocol) unions.push(...hoistInlineUnions(copy, file, set, names, root?.name));
    out.set(file.id, copy);
  }
  return out;
}

const namesAType = (s: SchemaObject): boolean =>
  s.type === "object" || isRecord(s.properties) || Array.isArray(s.enum) || s.const !== undefined;

function title(schema: SchemaObject, name: string, force: boolean): void {
  if (force || namesAType(schema)) schema.title = name;
  else delete schema.title;
  for (const [prop, sub] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
    if (isRecord(sub)) title(sub, name + pascal(prop), false);
  }
  for (const kw of ["items", "additionalProperties", "contains"] as const) {
    const sub = schema[kw];
    if (isRecord(sub)) title(sub, `${name}${kw === "items" ? "Item" : "Value"}`, false);
  }
  for (const kw of ["anyOf", "oneOf", "allOf", "prefixItems"] as const) {
    const branches = schema[kw];
    if (!Array.isArray(branches)) continue;
    // a lone non-null branch (pydantic's nullable) keeps the owner's name; real unions number theirs
    const real = branches.filter((b) => !(isRecord(b) && b.type === "null"));
    branches.forEach((b, i) => {
      if (isRecord(b)) title(b, real.length === 1 || kw === "allOf" ? name : `${name}${i + 1}`, false);
    });
  }
}

// Both passes use walk(): a plain recursion would also visit `properties` maps, where "title" is a property name.
function stripTitles(schema: SchemaObject): void {
  for (const v of walk(schema)) if (isRecord(v.schema)) delete v.schema.title;
}

/** quicktype rejects `false` schemas; a property declared `false` (must be absent) simply has no type. */
function dropForbiddenProperties(schema: SchemaObject): void {
  for (const v of walk(schema)) {
    const props = isRecord(v.schema) ? v.schema.properties : undefined;
    if (isRecord(props))
      for (const [name, sub] of Object.entries(props)) if (sub === false) delete props[name];
  }
}

/**
 * Conditionals and negations only narrow a shape. quicktype would intersect them into near-duplicate
 * types (`ReviewClass`, `PurpleResult`); types are the shape's upper bound, validators stay exact.
 */
function dropRefinements(schema: SchemaObject): void {
  for (const v of walk(schema)) {
    if (!isRecord(v.schema)) continue;
    for (const kw of ["if", "then", "else", "not"]) delete v.schema[kw];
    // oneOf/anyOf beside an object's own properties picks among refinements of that object (Slipway's
    // outcome per action_kind), not among different shapes
    if (isRecord(v.schema.properties)) for (const kw of ["oneOf", "anyOf"]) delete v.schema[kw];
    // allOf [$ref X, narrowing…] is X narrowed: keep X, or quicktype invents a sibling type for it
    const all = v.schema.allOf;
    if (Array.isArray(all) && all.some((b) => isRecord(b) && typeof b.$ref === "string")) {
      v.schema.allOf = all.filter((b) => isRecord(b) && typeof b.$ref === "string");
    }
  }
}

/**
 * The titles of object types whose schema declares open content a user can address: `additionalProperties`
 * (`true` or a schema) or `patternProperties`. Only these keep quicktype's `[property: string]: unknown`;
 * elsewhere it would make `"error" in response` narrow nothing and admit any misspelt key.
 */
export function openContentTitles(schemas: Iterable<SchemaObject>): Set<string> {
  const open = new Set<string>();
  for (const schema of schemas)
    for (const v of walk(schema)) {
      if (!isRecord(v.schema) || typeof v.schema.title !== "string") continue;
      const rest = v.schema.additionalProperties;
      if ((rest !== undefined && rest !== false) || isRecord(v.schema.patternProperties))
        open.add(v.schema.title);
    }
  return open;
}
