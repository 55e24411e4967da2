import type { Draft, SchemaObject } from "@keel/schema-model";
import { describe, expect, test } from "vitest";
import { inlineModule } from "../../test/zod-support.js";

// Each construct, on values chosen where zod's own behaviour differs from JSON Schema's: the generated
// schema must give ajv's verdict on every value, and each case must have values of both verdicts.
const A = "\u{1F600}"; // one code point, two UTF-16 units

const cases: { name: string; schema: SchemaObject; values: unknown[]; draft?: Draft }[] = [
  {
    name: "lengths-count-code-points",
    schema: { type: "string", minLength: 2, maxLength: 3 },
    values: [A, A + A, A + A + A, A + A + A + A, "ab", "abcd", "\uD800\uD800\uD800", "\uD800"],
  },
  { name: "pattern-unicode", schema: { type: "string", pattern: "^.$" }, values: [A, "a", "ab", ""] },
  {
    name: "pattern-property-escape",
    schema: { type: "string", pattern: "^\\p{Lu}" },
    values: ["Ab", "ab", "Éa"],
  },
  {
    name: "pattern-control-characters",
    schema: { type: "string", pattern: "^[^\u0000-\u001f]*$" },
    values: ["ab", "a\tb", "a\u0000", "a/b"],
  },
  {
    name: "pattern-escaped-controls",
    schema: { type: "string", pattern: "^[^\\x00-\\x1f/]*$" },
    values: ["ab", "a\nb", "a/b"],
  },
  {
    name: "integer-any-size",
    schema: { type: "integer" },
    values: [1, 1.5, 1e21, 2 ** 53 + 2, -0, "1", null],
  },
  {
    name: "number-bounds",
    schema: { type: "number", exclusiveMinimum: 0, maximum: 1, multipleOf: 0.25 },
    values: [0, 0.25, 1, 1.25, 0.1, -1],
  },
  {
    name: "format-date-time",
    schema: { type: "string", format: "date-time" },
    values: [
      "2016-12-31T23:59:60Z",
      "2016-12-31T22:59:60Z",
      "2016-12-31T23:59:60+01:00",
      "2017-01-01T00:59:60+01:00",
      "2016-12-31t23:59:59z",
      "2016-12-31 23:59:59Z",
      "2016-02-30T00:00:00Z",
      "2024-02-29T00:00:00.5+05:30",
      "2023-02-29T00:00:00Z",
      "2024-02-29T00:00:00",
      "2024-01-01T24:00:00Z",
      1,
    ],
  },
  {
    name: "format-uri",
    schema: { type: "string", format: "uri" },
    values: [
      "https://example.com/a?b#c",
      "HTTPS://EXAMPLE.COM",
      "urn:isbn:0451450523",
      "relative/path",
      "http://a b",
      "http://[::1]:80/",
      "x:",
    ],
  },
  { name: "format-date", schema: { format: "date" }, values: ["2024-02-29", "2023-02-29", "2024-1-01", 5] },
  {
    name: "format-time",
    schema: { format: "time" },
    values: ["23:59:60Z", "12:00:00", "12:00:00+02:00", "23:59:60+01:00"],
  },
  {
    name: "format-uuid",
    schema: { format: "uuid" },
    values: [
      "123e4567-e89b-12d3-a456-426614174000",
      "123E4567-E89B-12D3-A456-426614174000",
      "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
      "123e4567",
    ],
  },
  {
    name: "const-deep",
    schema: { const: { a: [1, { b: null }] } },
    values: [
      { a: [1, { b: null }] },
      { a: [1, { b: null }], c: 1 },
      { a: [1, {}] },
      { a: [1.0, { b: null }] },
      [1],
    ],
  },
  {
    name: "enum-mixed",
    schema: { enum: [{ a: 1 }, [1, 2], "x", null, 3] },
    values: [{ a: 1 }, { a: 2 }, [1, 2], [2, 1], "x", null, 3, "3"],
  },
  {
    name: "unique-items-deep",
    schema: { type: "array", uniqueItems: true },
    values: [
      [1, "1"],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [[1], [1]],
      [1, 1.0],
      [{ a: [1] }, { a: [2] }],
      [],
    ],
  },
  {
    name: "allof-strict-objects-judge-alone",
    schema: {
      allOf: [
        { type: "object", properties: { a: {} }, additionalProperties: false },
        { type: "object", properties: { b: {} } },
      ],
    },
    values: [{ a: 1 }, { a: 1, b: 1 }, {}, { b: 1 }, 5],
  },
  {
    name: "allof-ref-plus-narrowing",
    schema: {
      $defs: {
        review: {
          type: "object",
          properties: { result: { enum: ["ok", "bad"] }, n: { type: "integer" } },
          required: ["result"],
          additionalProperties: false,
        },
      },
      allOf: [{ $ref: "#/$defs/review" }, { type: "object", properties: { result: { const: "ok" } } }],
    },
    values: [{ result: "ok" }, { result: "bad" }, { result: "ok", n: 1 }, { result: "ok", x: 1 }, {}],
  },
  {
    name: "oneof-exactly-one",
    schema: { oneOf: [{ type: "integer" }, { minimum: 2 }] },
    values: [1, 3, 2.5, "x", 0.5],
  },
  {
    name: "anyof-with-siblings",
    schema: { anyOf: [{ type: "string" }, { type: "null" }], enum: ["a", null, 1] },
    values: ["a", "b", null, 1],
  },
  {
    name: "if-then-else",
    schema: {
      if: { properties: { k: { const: "a" } }, required: ["k"] },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
      then: { required: ["x"] },
      else: { required: ["y"] },
    },
    values: [{ k: "a", x: 1 }, { k: "a" }, { k: "b", y: 1 }, { k: "b" }, {}, "str"],
  },
  {
    name: "not",
    schema: { not: { type: "string", pattern: "^\\s*<[^<>]*>\\s*$" } },
    values: [1, "x", "<x>", " <todo> "],
  },
  {
    name: "dependent-required",
    schema: { dependentRequired: { a: ["b"] } },
    values: [{ a: 1 }, { a: 1, b: 1 }, {}, []],
  },
  {
    name: "dependencies-draft-07",
    draft: "draft-07",
    schema: { dependencies: { a: ["b"], c: { required: ["d"] } } },
    values: [{ a: 1 }, { a: 1, b: 1 }, { c: 1 }, { c: 1, d: 1 }, "x"],
  },
  {
    name: "pattern-properties",
    schema: {
      type: "object",
      properties: { id: { type: "integer" } },
      patternProperties: { "^x-": { type: "string" } },
      additionalProperties: false,
    },
    values: [{ id: 1 }, { id: 1, "x-a": "s" }, { "x-a": 1 }, { y: 1 }, { id: "1" }],
  },
  {
    name: "property-names",
    schema: { propertyNames: { maxLength: 2 } },
    values: [{ ab: 1 }, { abc: 1 }, { [A + A]: 1 }, "abc"],
  },
  {
    name: "property-counts",
    schema: { type: "object", minProperties: 1, maxProperties: 2 },
    values: [{}, { a: 1 }, { a: 1, b: 2, c: 3 }],
  },
  {
    name: "prefix-items-closed",
    schema: { type: "array", prefixItems: [{ const: "a" }, { type: "integer" }], items: false },
    values: [[], ["a"], ["a", 1], ["a", 1, 2], ["b"], ["a", "x"]],
  },
  {
    name: "prefix-items-open",
    schema: {
      type: "array",
      prefixItems: [{ type: "string" }],
      items: { type: "integer" },
      minItems: 2,
      maxItems: 3,
    },
    values: [["a"], ["a", 1], ["a", 1, "x"], [1, 1], ["a", 1, 2], ["a", 1, 2, 3]],
  },
  {
    name: "draft-06-tuple-and-dependencies",
    draft: "draft-06",
    schema: {
      type: "array",
      items: [{ type: "integer" }, { type: "string" }],
      additionalItems: false,
      contains: { type: "string" },
    },
    values: [[1, "a"], [1], [1, "a", 2], ["a"], []],
  },
  {
    name: "draft-2019-09-dependent-and-tuple",
    draft: "2019-09",
    schema: {
      type: "object",
      dependentRequired: { a: ["b"] },
      dependentSchemas: { c: { required: ["d"] } },
      properties: { t: { items: [{ type: "integer" }], additionalItems: { type: "string" } } },
    },
    values: [{}, { a: 1 }, { a: 1, b: 2 }, { c: 1 }, { c: 1, d: 2 }, { t: [1, "x"] }, { t: [1, 2] }],
  },
  {
    name: "tuple-draft-07",
    draft: "draft-07",
    schema: {
      type: "array",
      items: [{ type: "string" }, { type: "integer" }],
      additionalItems: { type: "boolean" },
    },
    values: [[], ["a"], ["a", 1], ["a", 1, true], ["a", 1, 2], [1]],
  },
  {
    name: "contains-counts",
    schema: { type: "array", contains: { type: "integer" }, minContains: 2, maxContains: 3 },
    values: [[1], [1, 2], [1, 2, "x", 3], [1, 2, 3, 4], []],
  },
  {
    name: "untyped-keywords",
    schema: { minLength: 2, minimum: 3, required: ["a"] },
    values: ["a", "ab", 1, 3, null, {}, { a: 1 }, []],
  },
  {
    name: "type-union",
    schema: { type: ["string", "integer"], minimum: 2, minLength: 2 },
    values: ["a", "ab", 1, 2, 2.5, null],
  },
  {
    name: "pydantic-nullable",
    schema: { anyOf: [{ type: "string", maxLength: 2 }, { type: "null" }], default: null },
    values: [null, "ab", "abc", A + A, 1],
  },
  {
    name: "oneof-nullable-ambiguous",
    schema: { oneOf: [{ type: ["string", "null"] }, { type: "null" }] },
    values: [null, "a", 1],
  },
  {
    name: "required-without-schema",
    schema: { type: "object", required: ["a"] },
    values: [{}, { a: null }, { a: 1, b: 2 }],
  },
  {
    name: "additional-properties-schema",
    schema: { properties: { a: { type: "string" } }, additionalProperties: { type: "integer" } },
    values: [{ a: "x", b: 1 }, { a: "x", b: "y" }, { a: 1 }, {}],
  },
  {
    name: "boolean-subschemas",
    schema: { properties: { a: false, b: true } },
    values: [{ a: 1 }, { b: 1 }, {}],
  },
  {
    name: "recursion-through-property",
    schema: {
      $defs: {
        node: {
          type: "object",
          properties: { kids: { type: "array", items: { $ref: "#/$defs/node" } } },
          additionalProperties: false,
        },
      },
      $ref: "#/$defs/node",
    },
    values: [{ kids: [{ kids: [] }] }, { kids: [{ x: 1 }] }, {}],
  },
  {
    name: "recursion-without-property",
    schema: {
      $defs: { list: { type: "array", items: { anyOf: [{ type: "integer" }, { $ref: "#/$defs/list" }] } } },
      $ref: "#/$defs/list",
    },
    values: [[1, [2, [3]]], [1, ["x"]], 1],
  },
  {
    name: "const-type-mismatch",
    schema: { anyOf: [{ type: "string", const: 1 }, { const: "ok" }] },
    values: [1, "1", "ok"],
  },
  { name: "enum-integer", schema: { type: "integer", enum: [0, 1.5, 3, "3"] }, values: [0, 1.5, 3, "3", 2] },
  {
    name: "ref-with-siblings",
    schema: { $defs: { s: { type: "string" } }, $ref: "#/$defs/s", maxLength: 2 },
    values: ["ab", "abc", 1],
  },
  { name: "exclusive-maximum", schema: { exclusiveMaximum: 3 }, values: [2.9, 3, "x"] },
];

describe("generated zod gives ajv's verdict", () => {
  test.each(cases)("$name", async ({ name, schema, values, draft }) => {
    const { zod, ajv, source } = await inlineModule(name, schema, draft);
    const verdicts = values.map((v) => ({ value: v, ajv: ajv(v), zod: zod.safeParse(v).success }));
    const differ = verdicts.filter((v) => v.ajv !== v.zod);
    expect(differ, source).toEqual([]);
    expect(new Set(verdicts.map((v) => v.ajv))).toEqual(new Set([true, false]));
  });
});

describe("parsing returns the data unchanged", () => {
  test("no defaults injected, unknown keys of open objects kept, nothing stripped", async () => {
    const { zod } = await inlineModule("parse-unchanged", {
      type: "object",
      properties: { a: { type: "string", default: "x" }, open: { type: "object", properties: {} } },
    });
    const doc = { open: { extra: [1, { deep: true }] }, other: 1 };
    expect(zod.parse(doc)).toEqual(doc);
  });
});

describe("generation refuses what it cannot judge", () => {
  test("an unimplemented keyword", async () => {
    await expect(inlineModule("unknown-keyword", { type: "array", unevaluatedItems: false })).rejects.toThrow(
      /does not implement unevaluatedItems/,
    );
  });
  test("an unsupported format", async () => {
    await expect(inlineModule("unknown-format", { type: "string", format: "colour" })).rejects.toThrow(
      /unsupported format colour/,
    );
  });
});
