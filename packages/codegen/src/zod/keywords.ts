/** JSON value families: what a `type` names, with "integer" folded into "number". */
export type Family = "string" | "number" | "boolean" | "null" | "object" | "array";
export const FAMILIES: readonly Family[] = ["string", "number", "boolean", "null", "object", "array"];

/** Keywords that never change a verdict; dropped before emitting. */
export const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$anchor",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
]);

/** Assertions that apply only to values of one family (JSON Schema ignores them for other values). */
export const FAMILY_KEYWORDS: Record<Family, readonly string[]> = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  object: [
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
  ],
  array: [
    "items",
    "prefixItems",
    "additionalItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
  ],
  boolean: [],
  null: [],
};

/** Keywords that apply the value to other schemas in place, whatever its family. */
export const IN_PLACE = [
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "const",
  "enum",
  "type",
];

const KNOWN = new Set([...ANNOTATIONS, ...IN_PLACE, ...Object.values(FAMILY_KEYWORDS).flat()]);

/** The keywords of `schema` the emitter does not implement (so a schema using one fails generation, not validation). */
export function unknownKeywords(schema: Record<string, unknown>): string[] {
  return Object.keys(schema).filter((k) => !KNOWN.has(k));
}

/** Families that `schema`'s own type-specific keywords constrain. */
export function keywordFamilies(schema: Record<string, unknown>): Family[] {
  return FAMILIES.filter((f) => FAMILY_KEYWORDS[f].some((k) => k in schema));
}

/** The family of a JSON value. */
export function familyOf(value: unknown): Family {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

/** `type: "integer"` or `["integer", …]` without "number": numbers must also be whole. */
export function integerOnly(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.includes("integer") && !types.includes("number");
}

/** Families a `type` keyword allows (all of them when absent). */
export function familiesOfType(type: unknown): Set<Family> {
  if (type === undefined) return new Set(FAMILIES);
  const types = Array.isArray(type) ? type : [type];
  return new Set(types.map((t) => (t === "integer" ? "number" : t) as Family));
}

const FAMILY_KEYWORD_SET = new Set(Object.values(FAMILY_KEYWORDS).flat());
export const isFamilyKeyword = (keyword: string): boolean => FAMILY_KEYWORD_SET.has(keyword);
