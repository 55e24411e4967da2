import { describe, expect, it } from "vitest";
import { walk } from "./walk.js";

describe("walk", () => {
  it("visits every subschema of a 2020-12 schema with its pointer", () => {
    const schema = {
      $defs: { Step: { type: "object", properties: { id: { type: "integer" } } } },
      properties: {
        steps: { type: "array", items: { $ref: "#/$defs/Step" } },
        extra: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
      additionalProperties: false,
      prefixItems: [true],
      if: { required: ["a"] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here, not a thenable
      then: { not: { const: 1 } },
    };
    expect([...walk(schema)].map((v) => v.pointer)).toEqual([
      "",
      "/additionalProperties",
      "/if",
      "/then",
      "/then/not",
      "/properties/steps",
      "/properties/steps/items",
      "/properties/extra",
      "/properties/extra/anyOf/0",
      "/properties/extra/anyOf/1",
      "/$defs/Step",
      "/$defs/Step/properties/id",
      "/prefixItems/0",
    ]);
  });

  it("handles draft-07 array items, definitions and schema-valued dependencies", () => {
    const schema = {
      definitions: { a: { type: "string" } },
      items: [{ type: "string" }, { type: "number" }],
      dependencies: { x: ["y"], z: { required: ["w"] } },
    };
    const visits = [...walk(schema)];
    expect(visits.map((v) => v.pointer)).toEqual([
      "",
      "/definitions/a",
      "/dependencies/z",
      "/items/0",
      "/items/1",
    ]);
    expect(visits[1]).toMatchObject({ keyword: "definitions", key: "a" });
    expect(visits[4]).toMatchObject({ keyword: "items", key: 1 });
  });

  it("escapes property names that contain / in pointers", () => {
    expect([...walk({ properties: { "a/b": {} } })].map((v) => v.pointer)).toEqual(["", "/properties/a~1b"]);
  });
});
