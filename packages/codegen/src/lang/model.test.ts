import { type Registry, type SchemaFile, SchemaSet } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { buildLangModel, type TypeDef } from "./model.js";

const file: SchemaFile = {
  protocol: "unit",
  version: "working",
  name: "u.schema.json",
  path: "<u>",
  id: "https://keel.invalid/schemas/unit/u.schema.json",
  draft: "2020-12",
  schema: {
    $defs: {
      Doc: {
        type: "object",
        additionalProperties: false,
        required: ["done", "note", "part"],
        properties: {
          done: { type: "boolean" },
          note: { anyOf: [{ type: "string" }, { type: "null" }] },
          later: { type: ["integer", "null"] },
          part: { $ref: "#/$defs/Part" },
          child: { $ref: "#/$defs/Doc" },
          "with-dash": { enum: ["image/png", "1st"] },
        },
      },
      Part: { oneOf: [{ $ref: "#/$defs/Text" }, { $ref: "#/$defs/Blob" }] },
      Text: {
        type: "object",
        required: ["kind"],
        properties: { kind: { const: "text" } },
        additionalProperties: { type: "string" },
      },
      Blob: { type: "object", required: ["kind"], properties: { kind: { const: "blob" } } },
      Sizes: {
        type: "object",
        properties: {
          free: { type: "integer" },
          small: { type: "integer", minimum: 0, maximum: 10 },
          half: { type: "integer", minimum: 0 },
          // 9223372036854775807 (int64's largest) as JSON.parse reads it: 2^63
          edge: { type: "integer", minimum: -(2 ** 63), maximum: Number("9223372036854775807") },
          either: { anyOf: [{ type: "integer", minimum: 0, maximum: 1 }, { type: "integer" }] },
          level: { const: 3 },
        },
      },
    },
  },
};
const registry = {
  protocols: { unit: { documentTypes: { doc: { schema: "u.schema.json", pointer: "#/$defs/Doc" } } } },
} as unknown as Registry;
const model = buildLangModel(registry, new SchemaSet("unit", "working", [file], []));
const type = (name: string): TypeDef | undefined => model.types.find((t) => t.name === name);

describe("the language model is read from the schema, traps included", () => {
  it("keeps required, nullable and optional apart (a required false must never be omitted)", () => {
    const doc = type("Doc");
    expect(doc?.kind === "struct" && doc.fields.map((f) => [f.json, f.required, f.shape.k])).toEqual([
      ["done", true, "bool"],
      ["note", true, "nullable"],
      ["later", false, "nullable"],
      ["part", true, "ref"],
      ["child", false, "ref"],
      ["with-dash", false, "ref"],
    ]);
    expect(doc?.kind === "struct" && doc.extra).toBeUndefined();
  });

  it("tags a union of objects by the const member every variant requires", () => {
    expect(type("Part")).toEqual({
      kind: "union",
      name: "Part",
      variants: ["Text", "Blob"],
      tag: { json: "kind", values: ["text", "blob"] },
    });
  });

  it("keeps an open object's unknown members in the shape additionalProperties gives", () => {
    const text = type("Text");
    expect(text?.kind === "struct" && text.extra).toEqual({ k: "string" });
    expect(type("Blob")?.kind === "struct" && (type("Blob") as { extra?: unknown }).extra).toEqual({
      k: "any",
    });
  });

  it("keeps an integer in int64 only where the schema bounds it there (2^63 - 1 reads as 2^63: unbounded)", () => {
    const sizes = type("Sizes");
    expect(sizes?.kind === "struct" && sizes.fields.map((f) => [f.json, f.shape.k])).toEqual([
      ["free", "bigint"],
      ["small", "int"],
      ["half", "bigint"],
      ["edge", "bigint"],
      ["either", "bigint"],
      ["level", "int"],
    ]);
  });

  it("names enums whose values are not identifiers, and the document type's root", () => {
    expect(type("DocWithDash")).toEqual({ kind: "enum", name: "DocWithDash", values: ["image/png", "1st"] });
    expect(model.documents).toEqual([{ type: "doc", name: "Doc" }]);
  });
});
