import type { SchemaObject } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { diffSchemaSets } from "../src/index.js";
import { judge } from "../src/policy.js";
import { D07, memoryFile, memorySet, testEntry } from "./helpers.js";

const rules = (before: SchemaObject, after: SchemaObject, entry = testEntry()) =>
  diffSchemaSets(memorySet("1.0", before), memorySet("1.1", after), entry).map(
    (f) => `${f.rule} ${f.pointer}`,
  );

describe("reading schemas the way readers do", () => {
  it("sees through $ref: inlining a definition is no wire change", () => {
    const inline = { type: "object", properties: { a: { type: "string", maxLength: 3 } } };
    const viaRef = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: { A: { type: "string", maxLength: 3 } },
    };
    expect(rules(inline, viaRef)).toEqual(["definition-added /$defs/A"]);
  });

  it("reads pydantic anyOf [X, null], type [X, null] and oneOf [null, X] as the same nullable X", () => {
    const a = { properties: { x: { anyOf: [{ type: "integer" }, { type: "null" }], default: null } } };
    const b = { properties: { x: { type: ["integer", "null"], default: null } } };
    const c = { properties: { x: { oneOf: [{ type: "null" }, { type: "integer" }], default: null } } };
    expect(rules(a, b)).toEqual([]);
    expect(rules(b, c)).toEqual([]);
  });

  it("reports a change inside a $ref'd definition once, at the definition, however often it is used", () => {
    const defs = (max: number) => ({ $defs: { Name: { type: "string", maxLength: max } } });
    const schema = (max: number) => ({
      properties: { a: { $ref: "#/$defs/Name" }, b: { type: "array", items: { $ref: "#/$defs/Name" } } },
      ...defs(max),
    });
    expect(rules(schema(10), schema(5))).toEqual(["max-length-decreased /$defs/Name/maxLength"]);
  });

  it("joins properties beside a $ref with the target's, each change located where it was written", () => {
    const schema = (extra: Record<string, unknown>) => ({
      type: "object",
      properties: { p: { $ref: "#/$defs/Base", properties: { b: { type: "string" } } } },
      $defs: { Base: { type: "object", properties: { a: { type: "string" }, ...extra } } },
    });
    expect(rules(schema({}), schema({ c: { type: "integer" } }))).toEqual([
      "open-content-narrowed /$defs/Base/properties/c",
    ]);
  });

  it("terminates on recursive schemas and finds the change deep inside", () => {
    const tree = (closed: boolean) => ({
      $ref: "#/$defs/Node",
      $defs: {
        Node: {
          type: "object",
          additionalProperties: !closed,
          properties: { children: { type: "array", items: { $ref: "#/$defs/Node" } } },
        },
      },
    });
    expect(rules(tree(false), tree(true))).toEqual(["object-closed /$defs/Node/additionalProperties"]);
  });

  it("follows $refs across files (another protocol's $id) and draft-07 definitions", () => {
    const other = (max: number) =>
      memoryFile({ $schema: D07, definitions: { id: { type: "string", maxLength: max } } }, "o.schema.json");
    const main = memoryFile({
      $schema: D07,
      properties: { id: { $ref: "https://keel.test/o.schema.json#/definitions/id" } },
    });
    const older = memorySet("1.0", main, other(8));
    const newer = memorySet("1.1", main, other(4));
    expect(diffSchemaSets(older, newer, testEntry()).map((f) => `${f.rule} ${f.file}#${f.pointer}`)).toEqual([
      "max-length-decreased o.schema.json#/definitions/id/maxLength",
    ]);
  });

  it("reports a changed description at the referring site even when the target is unchanged", () => {
    const s = (d: string) => ({
      properties: { a: { $ref: "#/$defs/A", description: d } },
      $defs: { A: { type: "string" } },
    });
    expect(rules(s("old"), s("new"))).toEqual(["description-changed /properties/a/description"]);
  });

  it("pairs oneOf alternatives by their discriminator, whatever their order", () => {
    const kind = (k: string, extra = {}) => ({
      type: "object",
      properties: { kind: { const: k }, ...extra },
    });
    const before = { oneOf: [kind("a"), kind("b")] };
    const after = { oneOf: [kind("b", { x: { type: "string" } }), kind("a")] };
    expect(rules(before, after)).toEqual(["open-content-narrowed /oneOf/0/properties/x"]);
  });
});

describe("the version policy", () => {
  const addClosed = [
    { type: "object", additionalProperties: false, properties: { a: { type: "string" } } },
    {
      type: "object",
      additionalProperties: false,
      properties: { a: { type: "string" }, b: { type: "string" } },
    },
  ] as const;

  it("lets a strict protocol add an optional property to a closed object in a minor, as a downgrade warning", () => {
    const entry = testEntry("minor-adds-optional");
    const findings = diffSchemaSets(memorySet("1.0", addClosed[0]), memorySet("1.1", addClosed[1]), entry);
    const [f] = judge(findings, "minor", "strict");
    expect(f).toMatchObject({
      rule: "optional-property-added-to-closed-object",
      requires: "minor",
      severity: "warning",
    });
    expect(f?.effects).toEqual({ oldStrictReader: "downgrade", oldLenientReader: "ok", newReader: "ok" });
    expect(f?.hint).toMatch(/downgrade/);
    expect(judge(findings, "none", "strict")[0]?.severity).toBe("error");
    expect(judge(findings, "minor", "lenient")[0]?.severity).toBe("info");
  });

  it("needs a major for every wire change under contract-bump, and nothing for annotations", () => {
    const entry = testEntry("contract-bump");
    const findings = diffSchemaSets(
      memorySet("1.0", addClosed[0]),
      memorySet("1.1", { ...addClosed[1], title: "x" }),
      entry,
    );
    expect(findings.map((f) => `${f.rule}:${f.requires}`)).toEqual([
      "optional-property-added-to-closed-object:major",
      "title-changed:none",
    ]);
  });

  it("admits a required property made optional with a default only under additive-minor", () => {
    const before = { properties: { a: { type: "integer" } }, required: ["a"] };
    const after = { properties: { a: { type: "integer", default: 0 } } };
    const requires = (p: "additive-minor" | "minor-adds-optional") =>
      diffSchemaSets(memorySet("1.0", before), memorySet("1.1", after), testEntry(p)).find(
        (f) => f.rule === "property-made-optional",
      )?.requires;
    expect(requires("additive-minor")).toBe("minor");
    expect(requires("minor-adds-optional")).toBe("major");
  });
});
