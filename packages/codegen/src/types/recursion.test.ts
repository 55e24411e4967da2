import { describe, expect, it } from "vitest";
import { unitProtocol } from "../../test/unit-protocol.js";
import { generateTypesModule } from "./index.js";

describe("recursion through unions", () => {
  it("declares JSONValue ↔ JSONObject ↔ JSONArray (the newest MCP schema) without overflowing", async () => {
    const { set, registry } = unitProtocol(
      {
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
      { draft: "2020-12", documentTypes: ["Doc"] },
    );
    const text = await generateTypesModule(registry, set);
    expect(text).toContain(
      "export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;",
    );
    expect(text).toMatch(/value: JSONValue;/);
  });
});
