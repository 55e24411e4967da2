import { SchemaSet } from "@keel/schema-model";
import { expect, test } from "vitest";
import { verdictSchemaSet } from "./verdict-schemas.js";

const setOf = (schema: Record<string, unknown>) =>
  new SchemaSet(
    "toy",
    "working",
    [
      {
        protocol: "toy",
        version: "working",
        name: "toy.schema.json",
        path: "/toy.schema.json",
        id: "https://example.com/toy",
        draft: "2020-12",
        schema,
      },
    ],
    [],
  );
const tagged = (tag: string) => ({ properties: { kind: { const: tag } } });

test("a oneOf whose branches fix a required property to different values becomes an anyOf", () => {
  const schema = { type: "object", required: ["kind"], oneOf: [tagged("a"), tagged("b")] };
  const out = verdictSchemaSet(setOf(schema)).own[0]?.schema;
  expect(out).toEqual({ type: "object", required: ["kind"], anyOf: [tagged("a"), tagged("b")] });
  expect(schema.oneOf).toBeDefined(); // the set given is left as written
});

test("keeps a oneOf when the property may be absent, the values overlap, or a non-object could pass both", () => {
  const cases = [
    { type: "object", oneOf: [tagged("a"), tagged("b")] },
    {
      type: "object",
      required: ["kind"],
      oneOf: [tagged("a"), { properties: { kind: { enum: ["a", "c"] } } }],
    },
    { required: ["kind"], oneOf: [tagged("a"), tagged("b")] },
  ];
  for (const schema of cases) expect(verdictSchemaSet(setOf(schema)).own[0]?.schema).toEqual(schema);
});

test("follows $ref and allOf to the discriminator, and puts allOf members without a $ref first", () => {
  const variant = (id: string) => ({
    allOf: [{ $ref: "#/$defs/base" }, { properties: { id: { const: id } } }],
  });
  const schema = {
    $defs: { base: { type: "object", required: ["id"] } },
    oneOf: [variant("x"), variant("y")],
  };
  const out = verdictSchemaSet(setOf(schema)).own[0]?.schema as Record<string, unknown>;
  expect(out.oneOf).toBeUndefined();
  expect(out.anyOf).toEqual([
    { allOf: [{ properties: { id: { const: "x" } } }, { $ref: "#/$defs/base" }] },
    { allOf: [{ properties: { id: { const: "y" } } }, { $ref: "#/$defs/base" }] },
  ]);
});

test("a oneOf whose branches one requires a property the other forbids becomes an anyOf", () => {
  const without = {
    not: { anyOf: [{ required: ["source"], properties: { source: true } }, { required: ["x"] }] },
  };
  const schema = { type: "object", oneOf: [without, { required: ["source"] }] };
  expect(verdictSchemaSet(setOf(schema)).own[0]?.schema).toEqual({
    type: "object",
    // and the forbidding not, its work done, becomes false properties (forbidden-properties.ts)
    anyOf: [{ properties: { source: false, x: false } }, { required: ["source"] }],
  });
});

test("a forbidding not that checks more than presence proves nothing", () => {
  const schema = {
    type: "object",
    oneOf: [{ not: { required: ["source"], minProperties: 2 } }, { required: ["source"] }],
  };
  expect(verdictSchemaSet(setOf(schema)).own[0]?.schema).toEqual(schema);
});
