import type { SchemaObject, VersionField } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { downgrade } from "../src/index.js";
import { memorySet } from "./helpers.js";

const entryPoint = { schema: "t.schema.json", pointer: "#" };
const run = (
  doc: unknown,
  newer: SchemaObject,
  older: SchemaObject,
  field: VersionField | null = null,
  fill?: () => unknown,
) =>
  downgrade(doc, memorySet("1.1", newer), memorySet("1.0", older), field, {
    documentType: "doc",
    entryPoint,
    ...(fill ? { fill } : {}),
  });

const closed = (properties: Record<string, unknown>, extra: SchemaObject = {}): SchemaObject => ({
  type: "object",
  additionalProperties: false,
  properties,
  ...extra,
});
const str = { type: "string" };

describe("downgrade", () => {
  it("strips a property the older closed object does not know, through arrays and $refs", () => {
    const item = (withNote: boolean) => closed(withNote ? { id: str, note: str } : { id: str });
    const newer = {
      ...closed({ items: { type: "array", items: { $ref: "#/$defs/Item" } } }),
      $defs: { Item: item(true) },
    };
    const older = {
      ...closed({ items: { type: "array", items: { $ref: "#/$defs/Item" } } }),
      $defs: { Item: item(false) },
    };
    const r = run({ items: [{ id: "a", note: "n" }, { id: "b" }] }, newer, older);
    expect(r.document).toEqual({ items: [{ id: "a" }, { id: "b" }] });
    expect(r.changes).toEqual([
      { action: "stripped", pointer: "/items/0/note", detail: '1.0 does not know "note"' },
    ]);
    expect(r.problems).toEqual([]);
  });

  it("follows recursion (a tree of closed nodes) to any depth", () => {
    const node = (tag: boolean) => ({
      $ref: "#/$defs/N",
      $defs: {
        N: closed({
          children: { type: "array", items: { $ref: "#/$defs/N" } },
          ...(tag ? { tag: str } : {}),
        }),
      },
    });
    const doc = { tag: "r", children: [{ children: [{ tag: "deep", children: [] }] }] };
    const r = run(doc, node(true), node(false));
    expect(r.document).toEqual({ children: [{ children: [{ children: [] }] }] });
    expect(r.changes.map((c) => c.pointer)).toEqual(["/tag", "/children/0/children/0/tag"]);
  });

  it("strips a property only the newer version names even from an open object, and keeps unknown extras", () => {
    const newer = { type: "object", properties: { a: str, b: str } };
    const older = { type: "object", properties: { a: str } };
    expect(run({ a: "x", b: "y", x_future: 1 }, newer, older).document).toEqual({ a: "x", x_future: 1 });
  });

  it("reads nullables (pydantic anyOf) on both sides and drops a null the older version cannot hold", () => {
    const newer = closed({
      a: { anyOf: [closed({ x: str, y: str }), { type: "null" }] },
      b: { type: ["string", "null"] },
    });
    const older = closed({ a: { anyOf: [closed({ x: str }), { type: "null" }] }, b: str });
    const r = run({ a: { x: "1", y: "2" }, b: null }, newer, older);
    expect(r.document).toEqual({ a: { x: "1" } });
    expect(r.changes.map((c) => `${c.action} ${c.pointer}`)).toEqual(["stripped /a/y", "stripped /b"]);
  });

  it("fills a property the older version requires from the newer default, or from a protocol filler", () => {
    const newer = closed({ n: { type: "integer", default: 0 }, t: str });
    const older = closed({ n: { type: "integer" }, t: str }, { required: ["n", "t"] });
    const r = run({}, newer, older, null, () => undefined);
    expect(r.document).toEqual({ n: 0 });
    expect(r.problems).toMatchInlineSnapshot(`
      [
        {
          "code": "downgrade/cannot-fill",
          "message": "expected a value for property "t", which 1.0 requires, found none to fill it with",
          "pointer": "/t",
          "severity": "error",
        },
      ]
    `);
    const filled = run({}, newer, older, null, () => "from-filler");
    expect(filled.document).toEqual({ n: "from-filler", t: "from-filler" });
  });

  it("reports a value the older version does not define instead of guessing", () => {
    const r = run({ k: "new" }, closed({ k: { enum: ["old", "new"] } }), closed({ k: { enum: ["old"] } }));
    expect(r.problems.map((p) => p.message)).toEqual([`expected one of 1.0's values ("old"), found "new"`]);
  });

  it("writes the older version through the registry's template, nested pointers included", () => {
    const traj = (versions: string[]) => ({
      $ref: "#/$defs/T",
      $defs: { T: closed({ v: { enum: versions }, subs: { type: "array", items: { $ref: "#/$defs/T" } } }) },
    });
    const field: VersionField = {
      pointer: "/v",
      documentTypes: ["doc"],
      valueTemplate: "X-v{version}",
      nestedPointers: ["/subs/*/v"],
    };
    const r = run(
      { v: "X-v1.1", subs: [{ v: "X-v1.1" }, { subs: [] }] },
      traj(["X-v1.0", "X-v1.1"]),
      traj(["X-v1.0"]),
      field,
    );
    expect(r.document).toEqual({ v: "X-v1.0", subs: [{ v: "X-v1.0" }, { subs: [] }] });
    expect(r.problems).toEqual([]);
    expect(r.changes.filter((c) => c.action === "version-set").map((c) => c.pointer)).toEqual([
      "/v",
      "/subs/0/v",
    ]);
  });

  it("picks the oneOf alternative a value belongs to by its discriminator", () => {
    const variant = (k: string, extra: Record<string, unknown> = {}) =>
      closed({ kind: { const: k }, ...extra });
    const newer = { oneOf: [variant("a", { x: str }), variant("b", { y: str, z: str })] };
    const older = { oneOf: [variant("a", { x: str }), variant("b", { y: str })] };
    expect(run({ kind: "b", y: "1", z: "2" }, newer, older).document).toEqual({ kind: "b", y: "1" });
  });

  it("strips an unknown property from a closed object even when neither version names it", () => {
    const shape = closed({ a: str });
    const r = run({ a: "x", stray: 1 }, shape, shape);
    expect(r.document).toEqual({ a: "x" });
    expect(r.changes.map((c) => c.detail)).toEqual(['1.0 does not know "stray"']);
  });

  it("pairs branches by what they are: a newer if/then inserted first does not lend its defaults", () => {
    const when = (method: string, mode: SchemaObject) => ({
      if: { properties: { method: { const: method } }, required: ["method"] },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
      then: { properties: { params: { type: "object", properties: { mode }, required: ["mode"] } } },
    });
    const older = { type: "object", allOf: [when("run", { type: "string" })] };
    const newer = {
      type: "object",
      allOf: [
        when("export", { type: "string", default: "zip" }),
        when("run", { type: "string", default: "fast" }),
      ],
    };
    expect(run({ method: "run", params: {} }, newer, older).document).toEqual({
      method: "run",
      params: { mode: "fast" },
    });
  });

  it("never changes its input, version field included", () => {
    const doc = { meta: { v: "1.1" }, extra: { deep: [1] } };
    const field: VersionField = { pointer: "/meta/v", documentTypes: ["doc"] };
    const r = run(doc, { type: "object" }, { type: "object" }, field);
    expect(r.document).toEqual({ meta: { v: "1.0" }, extra: { deep: [1] } });
    expect(doc).toEqual({ meta: { v: "1.1" }, extra: { deep: [1] } });
  });

  it("drops tuple items a closed older tuple does not admit, and properties it forbids with false", () => {
    const older = {
      type: "object",
      properties: { t: { type: "array", prefixItems: [str], items: false }, x: false },
    };
    const newer = { type: "object", properties: { t: { type: "array", prefixItems: [str, str] }, x: str } };
    const r = run({ t: ["a", "b"], x: "gone" }, newer, older);
    expect(r.document).toEqual({ t: ["a"] });
    expect(r.changes.map((c) => `${c.action} ${c.pointer}`)).toEqual(["stripped /t/1", "stripped /x"]);
    expect(r.problems).toEqual([]);
  });

  it("keeps a null a nullable enum allows, drops one an enum without null does not", () => {
    const older = closed({
      a: { anyOf: [{ enum: ["x", "y"] }, { type: "null" }] },
      b: { enum: ["x", "y"] },
    });
    const r = run({ a: null, b: null }, older, older);
    expect(r.document).toEqual({ a: null });
    expect(r.problems).toEqual([]);
  });

  it("chooses the alternative whose pattern the value matches", () => {
    const older = {
      anyOf: [
        { type: "string", pattern: "^a" },
        { type: "string", pattern: "^b" },
      ],
    };
    expect(run("b1", older, older).problems).toEqual([]);
    expect(run("c1", older, older).problems.map((p) => p.code)).toEqual(["downgrade/unknown-value"]);
  });

  it("reports nesting deeper than it walks instead of overflowing the stack", () => {
    const tree = {
      $ref: "#/$defs/N",
      $defs: { N: { type: "object", properties: { c: { $ref: "#/$defs/N" } } } },
    };
    let doc: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) doc = { c: doc };
    const r = run(doc, tree, tree);
    expect(r.problems.map((p) => p.code)).toEqual(["downgrade/too-deep"]);
  });

  it("names a value of the wrong JSON type plainly", () => {
    expect(
      run({ a: 1 }, closed({ a: { type: ["string", "integer"] } }), closed({ a: str })).problems,
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "downgrade/wrong-type",
          "message": "expected string here as 1.0 defines it, found 1",
          "pointer": "/a",
          "severity": "error",
        },
      ]
    `);
  });

  it("joins the object shape beside a $ref with its target's (both apply)", () => {
    const schema = {
      $ref: "#/$defs/Base",
      properties: { b: str },
      unevaluatedProperties: false,
      $defs: { Base: { type: "object", properties: { a: str }, required: ["a"] } },
    };
    const r = run({ a: "1", b: "2", c: "3" }, schema, schema);
    expect(r.document).toEqual({ a: "1", b: "2" });
    expect(r.problems).toEqual([]);
  });
});
