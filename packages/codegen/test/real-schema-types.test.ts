import { afterAll, describe, expect, it } from "vitest";
import { compileUnit, removeCompiled } from "./compile-unit.js";

// Issue 32, defects 1 and 2: shapes real schemas (MCP's newer releases) use, each reduced to a minimal
// schema. Each compiles with the generated type-level check (zod's inferred type and the TypeScript type
// agree both ways) and check.ts asserts what a user relies on.
const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const object = (required: string[], properties: Record<string, unknown>) => ({
  type: "object",
  required,
  properties,
});
const names = ["all-of", "json-value", "json-value-one-of", "refs-and-array", "open-content", "schema-named"];
afterAll(() => {
  for (const n of names) removeCompiled(n);
});

describe("types of real schema shapes", { timeout: 60_000 }, () => {
  it("allOf of two $refs: zod's inferred type keeps the second member (was TS2344)", async () => {
    const r = await compileUnit(
      "all-of",
      {
        Base: object(["id"], { id: { type: "string" } }),
        Task: object(["task"], { task: { type: "string" } }),
        XParams: { allOf: [ref("Base"), ref("Task")] },
      },
      ["XParams"],
      [
        'import type { z } from "zod";',
        'import type { XParamsSchema } from "./zod.gen.js";',
        'export const p: z.output<typeof XParamsSchema> = { id: "a", task: "b" };',
        "export const task: string = p.task;",
      ].join("\n"),
    );
    expect(r.errors, r.zod).toBe("");
  });

  it("a recursive JSON value through anyOf, items and additionalProperties: no overflow, not unknown", async () => {
    const r = await compileUnit(
      "json-value",
      {
        JSONValue: {
          anyOf: [
            ref("JSONObject"),
            { type: "array", items: ref("JSONValue") },
            { type: ["string", "integer", "boolean"] },
          ],
        },
        JSONObject: { type: "object", additionalProperties: ref("JSONValue") },
        Holder: object(["v"], { v: ref("JSONValue") }),
      },
      ["Holder"],
      [
        'import type { z } from "zod";',
        'import type { HolderSchema } from "./zod.gen.js";',
        "type V = z.output<typeof HolderSchema>['v'];",
        "type IsUnknown<T> = unknown extends T ? true : false;",
        "export const notUnknown: IsUnknown<V> = false;",
        'export const deep: V = { a: [1, "x", { b: true }] };',
        "// @ts-expect-error: null is no JSON value of this schema",
        "export const wrong: V = { a: null };",
      ].join("\n"),
    );
    expect(r.errors, r.zod).toBe("");
    expect(r.types).toContain(
      "export type JSONValue = JSONObject | Array<JSONValue> | string | number | boolean;",
    );
  });

  it("the same recursion through oneOf", async () => {
    const r = await compileUnit(
      "json-value-one-of",
      {
        Tree: { oneOf: [ref("Leaf"), { type: "array", items: ref("Tree") }] },
        Leaf: object(["value"], {
          value: { type: "string" },
          children: { type: "array", items: ref("Tree") },
        }),
      },
      ["Tree"],
    );
    expect(r.errors, r.zod).toBe("");
  });

  it("a union of $refs and an array stays a union, not one all-optional object", async () => {
    const r = await compileUnit(
      "refs-and-array",
      {
        Text: object(["type", "text"], { type: { const: "text" }, text: { type: "string" } }),
        Image: object(["type", "data"], { type: { const: "image" }, data: { type: "string" } }),
        Message: object(["content"], {
          content: { anyOf: [ref("Text"), ref("Image"), { type: "array", items: ref("Text") }] },
        }),
      },
      ["Message"],
      [
        'import type { Message } from "./types.gen.js";',
        "declare const m: Message;",
        'export const text: string | undefined = !Array.isArray(m.content) && m.content.type === "text" ? m.content.text : undefined;',
        "// @ts-expect-error: a text block without its text",
        'export const wrong: Message = { content: { type: "text" } };',
      ].join("\n"),
    );
    expect(r.errors, r.types).toBe("");
  });

  it('an index signature only where the schema declares open content: `"error" in response` narrows (defect 5)', async () => {
    const r = await compileUnit(
      "open-content",
      {
        Result: object(["result"], { result: { type: "object" } }),
        Failure: object(["error"], { error: { type: "string" } }),
        Response: { anyOf: [ref("Result"), ref("Failure")] },
        Meta: { ...object([], { a: { type: "string" } }), additionalProperties: true },
        Tags: { ...object([], { a: { type: "string" } }), patternProperties: { "^x-": { type: "string" } } },
        Doc: object(["response"], { response: ref("Response"), meta: ref("Meta"), tags: ref("Tags") }),
      },
      ["Doc"],
      [
        'import type { Doc, Failure, Meta } from "./types.gen.js";',
        "declare const d: Doc;",
        'export const error: string | undefined = "error" in d.response ? d.response.error : undefined;',
        "// @ts-expect-error: a misspelt key of a closed shape",
        'export const wrong: Failure = { error: "x", eror: "y" };',
        "// open content stays addressable",
        'export const meta: Meta = { a: "x", anything: 1 };',
        "export const tag: unknown = d.tags?.['x-a'];",
      ].join("\n"),
    );
    expect(r.errors, r.types).toBe("");
  });

  it("definitions named …Schema keep their names: no StringDefinition, no global Type (defect 8)", async () => {
    // MCP's elicitation schemas describe schemas: String, Number and Boolean are globals
    const r = await compileUnit(
      "schema-named",
      {
        StringSchema: object(["type"], {
          type: { type: "string", const: "string" },
          maxLength: { type: "integer" },
        }),
        NumberSchema: object(["type"], { type: { type: "string", enum: ["number", "integer"] } }),
        BooleanSchema: object(["type"], { type: { type: "string", const: "boolean" } }),
        PrimitiveSchemaDefinition: {
          anyOf: [ref("StringSchema"), ref("NumberSchema"), ref("BooleanSchema")],
        },
        ElicitRequestedSchema: object(["properties"], {
          properties: { type: "object", additionalProperties: ref("PrimitiveSchemaDefinition") },
        }),
      },
      ["ElicitRequestedSchema"],
      [
        'import type { StringSchema, NumberSchema } from "./types.gen.js";',
        'import { StringSchemaSchema } from "./zod.gen.js";',
        'export const s: StringSchema = StringSchemaSchema.parse({ type: "string", maxLength: 3 });',
        "// @ts-expect-error: a string schema's type is the literal string",
        'export const wrong: StringSchema = { type: "number" };',
        'export const n: NumberSchema["type"] = "integer";',
      ].join("\n"),
    );
    expect(r.errors, r.types).toBe("");
    expect(r.types).not.toMatch(/\b(String|Number|Boolean)Definition\b|export type Type\b/);
    expect(r.types).toContain("export type StringSchema = {");
  });
});
