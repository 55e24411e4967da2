import type { Registry, SchemaFile } from "@keel/schema-model";
import { SchemaSet } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { generateTypesModule } from "./index.js";

describe("recursion through unions", () => {
  it("declares JSONValue ↔ JSONObject ↔ JSONArray (the newest MCP schema) without overflowing", async () => {
    const file: SchemaFile = {
      protocol: "unit",
      version: "working",
      name: "u.schema.json",
      path: "<u>",
      id: "https://keel.invalid/schemas/unit/u.schema.json",
      draft: "2020-12",
      schema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $defs: {
          JSONValue: {
            anyOf: [
              { type: "string" },
              { type: "number" },
              { type: "boolean" },
              { type: "null" },
              { $ref: "#/$defs/JSONObject" },
              { $ref: "#/$defs/JSONArray" },
            ],
          },
          JSONObject: { type: "object", additionalProperties: { $ref: "#/$defs/JSONValue" } },
          JSONArray: { type: "array", items: { $ref: "#/$defs/JSONValue" } },
          Doc: { type: "object", properties: { value: { $ref: "#/$defs/JSONValue" } }, required: ["value"] },
        },
      },
    };
    const set = new SchemaSet("unit", "working", [file], []);
    const doc = { schema: file.name, pointer: "#/$defs/Doc", fileKinds: ["json"], summary: "doc" };
    const registry = { protocols: { unit: { documentTypes: { doc } } } } as unknown as Registry;
    const text = await generateTypesModule(registry, set);
    expect(text).toContain(
      "export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;",
    );
    expect(text).toMatch(/value: JSONValue;/);
  });
});
