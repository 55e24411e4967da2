import { describe, expect, it } from "vitest";
import { unitProtocol } from "../../test/unit-protocol.js";
import { generateTypesModule } from "./index.js";

/** A one-file protocol "unit" whose document type is the definition `Doc`. */
async function typesOf(definitions: Record<string, unknown>): Promise<string> {
  const { set, registry } = unitProtocol(definitions, { documentTypes: ["Doc"] });
  return generateTypesModule(registry, set);
}

const object = (tag: string, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: { type: { const: tag }, ...extra },
  required: ["type"],
});

describe("inline unions stay unions in the declared types", () => {
  it("names an inline anyOf of definitions <Owner><Property> and declares it as their union", async () => {
    const text = await typesOf({
      Text: object("text", { text: { type: "string" } }),
      Image: object("image", { data: { type: "string" } }),
      Doc: {
        type: "object",
        properties: {
          content: { anyOf: [{ $ref: "#/definitions/Text" }, { $ref: "#/definitions/Image" }] },
          many: {
            type: "array",
            items: {
              oneOf: [{ $ref: "#/definitions/Text" }, { $ref: "#/definitions/Image" }, { type: "null" }],
            },
          },
        },
      },
    });
    expect(text).toContain("export type DocContent = Text | Image;");
    expect(text).toContain("export type DocManyItem = Text | Image | null;");
    expect(text).toMatch(/content\?: DocContent;/);
    expect(text).not.toMatch(/KeelTag|keel-inline-union/);
  });

  it("declares nothing nobody uses (the tag enum quicktype derives from a union it merged)", async () => {
    const text = await typesOf({
      Text: object("text"),
      Image: object("image"),
      Block: { anyOf: [{ $ref: "#/definitions/Text" }, { $ref: "#/definitions/Image" }] },
      Doc: {
        type: "object",
        properties: { blocks: { type: "array", items: { $ref: "#/definitions/Block" } } },
      },
    });
    expect(text).toContain("export type Block = Text | Image;");
    const definitions = ["Text", "Image", "Block", "Doc"];
    for (const [, name] of text.matchAll(/^export type (\w+)/gm))
      if (!definitions.includes(name as string))
        expect(text.match(new RegExp(`\\b${name}\\b`, "g"))?.length, `${name} is used`).toBeGreaterThan(1);
  });

  it("names inline object branches <Owner><Property><n>, so they stay a union instead of one all-optional type", async () => {
    const text = await typesOf({
      Text: object("text", { text: { type: "string" } }),
      Doc: {
        type: "object",
        properties: {
          shape: {
            oneOf: [
              object("circle", { radius: { type: "number" } }),
              { ...object("square", { side: { type: "number" } }), required: ["type", "side"] },
              { $ref: "#/definitions/Text" },
            ],
          },
        },
      },
    });
    expect(text).toContain("export type DocShape = DocShape1 | DocShape2 | Text;");
    expect(text).toMatch(/export type DocShape1 = \{[^}]*radius\?: number;[^}]*\}/);
    expect(text).toMatch(/export type DocShape2 = \{[^}]*side: number;[^}]*\}/);
    expect(text).not.toMatch(/DocShape1 = \{[^}]*side/);
    expect(text).toMatch(/shape\?: DocShape;/);
    expect(text).not.toMatch(/KeelTag|keel-inline-union/);
  });
});
