import type { SchemaObject, VersionField } from "@keel/schema-model";
import { D07 } from "./helpers.js";

/**
 * One small before/after pair per rule of the catalogue. `rules` lists every rule the pair must produce
 * (default: exactly [rule]); `pointer` is where the rule's finding must point.
 */
export interface RuleCase {
  rule: string;
  before: SchemaObject;
  after: SchemaObject;
  pointer: string;
  rules?: string[];
  versionField?: VersionField;
  /** extra files: [before, after] names of a second schema file */
  files?: [string[], string[]];
}

const obj = (properties: Record<string, unknown>, extra: SchemaObject = {}): SchemaObject => ({
  type: "object",
  properties,
  ...extra,
});
const str = { type: "string" };
const closed = { additionalProperties: false };
const prop = (schema: SchemaObject): SchemaObject => obj({ a: schema });
/** `then` spelled via a key so no object literal looks like a promise (Biome's noThenProperty). */
const THEN = "then";
const v: VersionField = { pointer: "/v", documentTypes: ["doc"] };

const bounds: RuleCase[] = (
  [
    ["max-length-decreased", "maxLength", 10, 5],
    ["max-length-increased", "maxLength", 5, 10],
    ["min-length-increased", "minLength", 1, 2],
    ["min-length-decreased", "minLength", 2, undefined],
    ["max-items-decreased", "maxItems", undefined, 3],
    ["max-items-increased", "maxItems", 3, 4],
    ["min-items-increased", "minItems", 0, 1],
    ["min-items-decreased", "minItems", 1, 0],
    ["max-properties-decreased", "maxProperties", 9, 8],
    ["max-properties-increased", "maxProperties", 8, 9],
    ["min-properties-increased", "minProperties", 1, 2],
    ["min-properties-decreased", "minProperties", 2, 1],
    ["multiple-of-changed", "multipleOf", 2, 3],
  ] as const
).map(([rule, kw, a, b]) => ({
  rule,
  before: prop(a === undefined ? {} : { [kw]: a }),
  after: prop(b === undefined ? {} : { [kw]: b }),
  pointer: `/properties/a${b === undefined ? "" : `/${kw}`}`,
}));

export const ruleCases: RuleCase[] = [
  {
    rule: "optional-property-added",
    before: obj({ a: str }),
    after: obj({ a: str, b: { description: "any value" } }),
    pointer: "/properties/b",
  },
  {
    rule: "optional-property-added-to-closed-object",
    before: obj({ a: str }, closed),
    after: obj({ a: str, b: str }, closed),
    pointer: "/properties/b",
  },
  {
    rule: "required-property-added",
    before: obj({ a: str }),
    after: obj({ a: str, b: { description: "any value" } }, { required: ["b"] }),
    pointer: "/properties/b",
  },
  {
    rule: "required-property-removed",
    before: obj({ a: str, b: { description: "any value" } }, { required: ["b"] }),
    after: obj({ a: str }),
    pointer: "/properties/b",
  },
  {
    rule: "required-property-removed-from-closed-object",
    before: obj({ a: str, b: str }, { required: ["b"], ...closed }),
    after: obj({ a: str }, closed),
    pointer: "/properties/b",
  },
  {
    rule: "optional-property-removed",
    before: obj({ a: str, b: { description: "any value" } }),
    after: obj({ a: str }),
    pointer: "/properties/b",
  },
  {
    rule: "open-content-narrowed",
    before: obj({ a: str }),
    after: obj({ a: str, b: str }),
    pointer: "/properties/b",
  },
  {
    rule: "open-content-widened",
    before: obj({ a: str, b: str }),
    after: obj({ a: str }),
    pointer: "/properties/b",
  },
  {
    rule: "optional-property-removed-from-closed-object",
    before: obj({ a: str, b: str }, closed),
    after: obj({ a: str }, closed),
    pointer: "/properties/b",
  },
  {
    rule: "property-made-optional",
    before: obj({ a: str }, { required: ["a"] }),
    after: obj({ a: { type: "string", default: "" } }),
    pointer: "/properties/a",
    rules: ["default-added", "property-made-optional"],
  },
  {
    rule: "property-made-optional-without-default",
    before: obj({ a: str }, { required: ["a"] }),
    after: obj({ a: str }),
    pointer: "/properties/a",
  },
  {
    rule: "property-made-required",
    before: obj({ a: str }),
    after: obj({ a: str }, { required: ["a"] }),
    pointer: "/properties/a",
  },
  {
    rule: "object-closed",
    before: obj({ a: str }),
    after: obj({ a: str }, closed),
    pointer: "/additionalProperties",
  },
  { rule: "object-opened", before: obj({ a: str }, closed), after: obj({ a: str }), pointer: "" },
  {
    rule: "pattern-properties-changed",
    before: obj({}),
    after: obj({}, { patternProperties: { "^x-": str } }),
    pointer: "/patternProperties/^x-",
  },
  {
    rule: "dependencies-changed",
    before: obj({ a: str, b: str }),
    after: obj({ a: str, b: str }, { dependentRequired: { a: ["b"] } }),
    pointer: "/dependentRequired",
  },
  {
    rule: "type-changed",
    before: prop(str),
    after: prop({ type: "boolean" }),
    pointer: "/properties/a/type",
  },
  {
    rule: "type-widened",
    before: prop({ type: "integer" }),
    after: prop({ type: "number" }),
    pointer: "/properties/a/type",
  },
  {
    rule: "type-narrowed",
    before: prop({ type: ["string", "integer"] }),
    after: prop(str),
    pointer: "/properties/a/type",
  },
  {
    rule: "nullable-added",
    before: prop(str),
    after: prop({ anyOf: [str, { type: "null" }] }),
    pointer: "/properties/a/anyOf/0/type",
  },
  {
    rule: "nullable-removed",
    before: prop({ type: ["string", "null"] }),
    after: prop(str),
    pointer: "/properties/a/type",
  },
  {
    rule: "enum-value-added",
    before: prop({ enum: ["x"] }),
    after: prop({ enum: ["x", "y"] }),
    pointer: "/properties/a/enum",
  },
  {
    rule: "enum-value-removed",
    before: prop({ enum: ["x", "y"] }),
    after: prop({ enum: ["x"] }),
    pointer: "/properties/a/enum",
  },
  {
    rule: "enum-constraint-added",
    before: prop(str),
    after: prop({ type: "string", enum: ["x"] }),
    pointer: "/properties/a/enum",
  },
  { rule: "enum-constraint-removed", before: prop({ const: 1 }), after: prop({}), pointer: "/properties/a" },
  {
    rule: "const-changed",
    before: prop({ const: 1 }),
    after: prop({ const: 2 }),
    pointer: "/properties/a/const",
  },
  {
    rule: "version-value-added",
    before: obj({ v: { enum: ["1.0"] } }),
    after: obj({ v: { enum: ["1.0", "1.1"] } }),
    pointer: "/properties/v/enum",
    versionField: v,
  },
  {
    rule: "version-value-changed",
    before: obj({ v: { const: 2 } }),
    after: obj({ v: { const: 3 } }),
    pointer: "/properties/v/const",
    versionField: v,
  },
  {
    rule: "default-changed",
    before: prop({ default: 1 }),
    after: prop({ default: 2 }),
    pointer: "/properties/a/default",
  },
  ...bounds,
  {
    rule: "maximum-decreased",
    before: prop({ maximum: 10 }),
    after: prop({ exclusiveMaximum: 10 }),
    pointer: "/properties/a/exclusiveMaximum",
  },
  { rule: "maximum-increased", before: prop({ maximum: 5 }), after: prop({}), pointer: "/properties/a" },
  {
    rule: "minimum-increased",
    before: prop({ minimum: 0 }),
    after: prop({ minimum: 1 }),
    pointer: "/properties/a/minimum",
  },
  {
    rule: "minimum-decreased",
    before: prop({ exclusiveMinimum: 0 }),
    after: prop({ minimum: 0 }),
    pointer: "/properties/a/minimum",
  },
  {
    rule: "pattern-added",
    before: prop(str),
    after: prop({ ...str, pattern: "^a" }),
    pointer: "/properties/a/pattern",
  },
  {
    rule: "pattern-removed",
    before: prop({ ...str, pattern: "^a" }),
    after: prop(str),
    pointer: "/properties/a",
  },
  {
    rule: "pattern-changed",
    before: prop({ pattern: "^a" }),
    after: prop({ pattern: "^b" }),
    pointer: "/properties/a/pattern",
  },
  {
    rule: "pattern-widened",
    before: prop({ pattern: "^(a|b)$" }),
    after: prop({ pattern: "^(a|b|c)$" }),
    pointer: "/properties/a/pattern",
  },
  {
    rule: "format-added",
    before: prop(str),
    after: prop({ ...str, format: "uri" }),
    pointer: "/properties/a/format",
  },
  {
    rule: "format-removed",
    before: prop({ ...str, format: "uri" }),
    after: prop(str),
    pointer: "/properties/a",
  },
  {
    rule: "format-changed",
    before: prop({ format: "uri" }),
    after: prop({ format: "email" }),
    pointer: "/properties/a/format",
  },
  {
    rule: "unique-items-added",
    before: prop({ type: "array" }),
    after: prop({ type: "array", uniqueItems: true }),
    pointer: "/properties/a/uniqueItems",
  },
  {
    rule: "unique-items-removed",
    before: prop({ type: "array", uniqueItems: true }),
    after: prop({ type: "array" }),
    pointer: "/properties/a",
  },
  {
    rule: "tuple-item-added",
    // a closed tuple: an open one reads the new position with its rest schema (see diff.test.ts)
    before: prop({ prefixItems: [str], items: false }),
    after: prop({ prefixItems: [str, { type: "integer" }], items: false }),
    pointer: "/properties/a/prefixItems/1",
  },
  {
    rule: "tuple-item-removed",
    before: { $schema: D07, ...prop({ items: [str, str], additionalItems: false }) },
    after: { $schema: D07, ...prop({ items: [str], additionalItems: false }) },
    pointer: "/properties/a/items/1",
  },
  {
    rule: "any-of-branch-added",
    before: prop({ anyOf: [str, { type: "integer" }] }),
    after: prop({ anyOf: [str, { type: "integer" }, { type: "boolean" }] }),
    pointer: "/properties/a/anyOf/2",
  },
  {
    rule: "any-of-branch-removed",
    before: prop({ anyOf: [str, { type: "integer" }, { type: "boolean" }] }),
    after: prop({ anyOf: [str, { type: "boolean" }] }),
    pointer: "/properties/a/anyOf",
  },
  {
    rule: "one-of-branch-added",
    before: prop({ oneOf: [obj({ kind: { const: "a" } })] }),
    after: prop({ oneOf: [obj({ kind: { const: "a" } }), obj({ kind: { const: "b" } })] }),
    pointer: "/properties/a/oneOf/1",
  },
  {
    rule: "one-of-branch-removed",
    before: prop({ oneOf: [obj({ kind: { const: "a" } }), obj({ kind: { const: "b" } })] }),
    after: prop({ oneOf: [obj({ kind: { const: "b" } })] }),
    pointer: "/properties/a/oneOf",
  },
  {
    rule: "any-of-branch-covered",
    before: prop({ anyOf: [{ enum: ["a"] }, str] }),
    after: prop({ anyOf: [{ enum: ["a"] }, { enum: ["b"] }, str] }),
    pointer: "/properties/a/anyOf/1",
  },
  {
    // tsconfig's lib: the pattern alternative accepted "ES2022.Regexp" before the enum listed it
    rule: "enum-value-covered",
    before: prop({ anyOf: [{ enum: ["ES2022"] }, { type: "string", pattern: "^[Ee][Ss]" }] }),
    after: prop({ anyOf: [{ enum: ["ES2022", "ES2022.Regexp"] }, { type: "string", pattern: "^[Ee][Ss]" }] }),
    pointer: "/properties/a/anyOf/0/enum",
  },
  {
    rule: "union-widened",
    before: prop(str),
    after: prop({ oneOf: [str, { type: "array", items: str }] }),
    pointer: "/properties/a/oneOf",
  },
  {
    rule: "unreachable-changed",
    before: { type: "object", $defs: { Unused: str } },
    after: { type: "object", $defs: { Unused: { type: "integer" } } },
    pointer: "/$defs/Unused/type",
  },
  {
    rule: "required-moved",
    before: obj(
      { a: str, k: str },
      { allOf: [{ if: { required: ["k"] }, [THEN]: { required: ["a"] }, else: { required: ["a"] } }] },
    ),
    after: obj(
      { a: str, k: str },
      { allOf: [{ if: { required: ["k"] }, [THEN]: {}, else: {} }], required: ["a"] },
    ),
    pointer: "/properties/a",
  },
  {
    rule: "any-of-added",
    before: prop({}),
    after: prop({ anyOf: [str, { type: "integer" }] }),
    pointer: "/properties/a/anyOf",
  },
  {
    rule: "any-of-removed",
    before: prop({ anyOf: [str, { type: "integer" }] }),
    after: prop({}),
    pointer: "/properties/a",
  },
  {
    rule: "one-of-added",
    before: prop({}),
    after: prop({ oneOf: [str, { type: "integer" }] }),
    pointer: "/properties/a/oneOf",
  },
  {
    rule: "one-of-removed",
    before: prop({ oneOf: [str, { type: "integer" }] }),
    after: prop({}),
    pointer: "/properties/a",
  },
  {
    rule: "all-of-branch-added",
    before: { allOf: [{ required: ["a"] }] },
    after: { allOf: [{ required: ["a"] }, { required: ["b"] }] },
    pointer: "/allOf/1",
  },
  {
    rule: "all-of-branch-removed",
    before: { allOf: [{ required: ["a"] }, { required: ["b"] }] },
    after: { allOf: [{ required: ["a"] }] },
    pointer: "/allOf",
  },
  {
    rule: "conditional-added",
    before: obj({ m: str }),
    after: obj({ m: str }, { allOf: [{ if: obj({ m: { const: "x" } }), [THEN]: { required: ["p"] } }] }),
    pointer: "/allOf/0/if",
  },
  {
    rule: "conditional-removed",
    before: obj({ m: str }, { if: obj({ m: { const: "x" } }), [THEN]: { required: ["p"] } }),
    after: obj({ m: str }),
    pointer: "",
  },
  {
    rule: "keyword-changed",
    before: prop(str),
    after: prop({ ...str, not: { const: "" } }),
    pointer: "/properties/a/not",
  },
  {
    rule: "description-changed",
    before: prop({ description: "x" }),
    after: prop({ description: "y" }),
    pointer: "/properties/a/description",
  },
  { rule: "title-changed", before: { title: "T" }, after: { title: "U" }, pointer: "/title" },
  { rule: "comment-changed", before: { $comment: "a" }, after: { $comment: "b" }, pointer: "/$comment" },
  {
    rule: "examples-changed",
    before: prop({ examples: [1] }),
    after: prop({ examples: [2] }),
    pointer: "/properties/a/examples",
  },
  {
    rule: "annotation-changed",
    before: prop({ markdownDescription: "x", "x-intellij-html-description": "y" }),
    after: prop({ markdownDescription: "z", "x-intellij-html-description": "y" }),
    pointer: "/properties/a/markdownDescription",
  },
  {
    rule: "deprecated-changed",
    before: prop({}),
    after: prop({ deprecated: true }),
    pointer: "/properties/a/deprecated",
  },
  {
    rule: "default-added",
    before: prop(str),
    after: prop({ ...str, default: "" }),
    pointer: "/properties/a/default",
  },
  {
    rule: "default-removed",
    before: prop({ ...str, default: "" }),
    after: prop(str),
    pointer: "/properties/a",
  },
  {
    rule: "version-default-changed",
    before: obj({ v: { type: "string", default: "1.0" } }),
    after: obj({ v: { type: "string", default: "1.1" } }),
    pointer: "/properties/v/default",
    versionField: v,
  },
  { rule: "definition-added", before: { $defs: {} }, after: { $defs: { A: str } }, pointer: "/$defs/A" },
  { rule: "definition-removed", before: { $defs: { A: str } }, after: { $defs: {} }, pointer: "/$defs/A" },
  {
    rule: "definition-renamed",
    before: { ...obj({ a: { $ref: "#/$defs/A" } }), $defs: { A: str } },
    after: { ...obj({ a: { $ref: "#/$defs/B" } }), $defs: { B: str } },
    pointer: "/$defs/B",
  },
  {
    rule: "schema-id-changed",
    before: { $id: "https://keel.test/a" },
    after: { $id: "https://keel.test/b" },
    pointer: "",
  },
  { rule: "schema-dialect-changed", before: { $schema: D07, ...prop(str) }, after: prop(str), pointer: "" },
  { rule: "schema-file-added", before: obj({}), after: obj({}), pointer: "", files: [[], ["u.schema.json"]] },
  {
    rule: "schema-file-removed",
    before: obj({}),
    after: obj({}),
    pointer: "",
    files: [["u.schema.json"], []],
  },
];
