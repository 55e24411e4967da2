import type { SchemaObject } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { diffSchemaSets, ruleSpec } from "../src/index.js";
import { memorySet, testEntry } from "./helpers.js";

/**
 * The classes of false "breaking" found on SchemaStore's published histories, each as the smallest pair of
 * schemas that showed it (every one reported a reader breaking before, although no document breaks).
 */
const diff = (before: SchemaObject, after: SchemaObject) =>
  diffSchemaSets(memorySet("1.0", before), memorySet("1.1", after), testEntry(), { onlyReachable: true });
const wire = (before: SchemaObject, after: SchemaObject) =>
  diff(before, after)
    .filter((f) => ruleSpec(f.rule).wire)
    .map((f) => `${f.rule} ${f.pointer}`);
const prop = (schema: SchemaObject): SchemaObject => ({ type: "object", properties: { a: schema } });

describe("false breaking classes", () => {
  it("an enum value another anyOf alternative already accepted (tsconfig lib, ES2022.Regexp)", () => {
    const lib = (values: string[]) =>
      prop({ anyOf: [{ enum: values }, { type: "string", pattern: "^[Ee][Ss]20[0-9]{2}\\.[A-Za-z]+$" }] });
    const f = diff(lib(["ES2022"]), lib(["ES2022", "ES2022.Regexp"]));
    expect(f.map((x) => [x.rule, x.effects.oldStrictReader])).toEqual([["enum-value-covered", "ok"]]);
    expect(f[0]?.message).toBe(
      'value "ES2022.Regexp" added; the anyOf alternative at #/properties/a/anyOf/1 already accepted it, so no document changes verdict',
    );
    // and a value no alternative accepted is still a break
    expect(wire(lib(["ES2022"]), lib(["ES2022", "esnext"]))).toEqual([
      "enum-value-added /properties/a/anyOf/0/enum",
    ]);
    // removed from the enum, still accepted by the pattern: no new reader refuses it
    expect(wire(lib(["ES2022", "ES2022.Regexp"]), lib(["ES2022"]))).toEqual([]);
  });

  it("members moved into allOf → $ref are compared as the object they compose (babelrc)", () => {
    const members = { ast: { type: "boolean" }, code: { type: "boolean" } };
    const before = { type: "object", properties: members };
    const after = {
      type: "object",
      definitions: { Options: { type: "object", properties: members } },
      allOf: [{ $ref: "#/definitions/Options" }, { properties: { env: { type: "object" } } }],
    };
    // only env is new: typed in an open object (open-content-narrowed), the moved members are no change
    expect(wire(before, after)).toEqual(["open-content-narrowed /allOf/1/properties/env"]);
    // a branch that closes the object is not composed: its closing sees only its own names
    const closing = { ...after, allOf: [{ $ref: "#/definitions/Options" }, { additionalProperties: false }] };
    expect(wire(before, closing).length).toBeGreaterThan(0);
  });

  it("an anyOf of bare types and values they cover is the type list it spells (tsconfig jsxImportSource)", () => {
    const before = prop({ type: ["string", "null"], default: "react" });
    const after = prop({
      anyOf: [{ enum: ["react", "preact"] }, { type: "string" }, { type: "null" }],
      default: "react",
    });
    expect(wire(before, after)).toEqual([]);
  });

  it("an anyOf of one-type alternatives is the type list with their keywords (babelrc ignore, sourceMaps)", () => {
    const ignore = prop({ type: ["string", "array"], items: { type: "string" } });
    const split = prop({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] });
    expect(wire(ignore, split)).toEqual([]);
    expect(wire(split, ignore)).toEqual([]);
    const maps = prop({ type: ["string", "boolean"], enum: ["both", "inline", true, false] });
    const mapsSplit = prop({ anyOf: [{ type: "string", enum: ["both", "inline"] }, { type: "boolean" }] });
    expect(wire(maps, mapsSplit)).toEqual([]);
    // items kept from the array alternative: a narrower one is still a change
    const narrower = prop({
      anyOf: [{ type: "string" }, { type: "array", items: { type: "string", maxLength: 2 } }],
    });
    expect(wire(ignore, narrower)).toEqual(["max-length-decreased /properties/a/anyOf/1/items/maxLength"]);
  });

  it("a type that became a union is one finding, never 'now any' beside it", () => {
    const f = diff(prop({ type: "string" }), prop({ oneOf: [{ type: "string" }, { type: "array" }] }));
    expect(f.map((x) => x.rule)).toEqual(["union-widened"]);
    const g = diff(
      prop({ type: "string" }),
      prop({ anyOf: [{ type: "string", maxLength: 3 }, { type: "integer" }] }),
    );
    expect(g.map((x) => x.message).filter((m) => m.includes("now any"))).toEqual([]);
  });

  it("a changed default is a change of meaning that refuses no document", () => {
    const [f] = diff(prop({ type: "string", default: "a" }), prop({ type: "string", default: "b" }));
    expect(f?.rule).toBe("default-changed");
    expect(Object.values(f?.effects ?? {})).toEqual(["ok", "ok", "ok"]);
    expect(f?.requires).toBe("major");
    expect(f?.message).toBe(
      'default changed: was "a", now "b"; a document without the value now means "b" to new readers and "a" to old ones (a change of meaning, no document is refused)',
    );
  });
});
