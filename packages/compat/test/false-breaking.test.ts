import type { SchemaObject } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { diffSchemaSets, ruleSpec } from "../src/index.js";
import { D07, memorySet, testEntry } from "./helpers.js";

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
  it("a tuple split into one closed alternative per length accepts the same arrays (package.json quotes)", () => {
    const level = { enum: ["off", "error"] };
    const quote = { type: "string", enum: ["double", "single"] };
    const options = { type: "object", properties: { avoidEscape: { type: "boolean" } } };
    const tuple = (s: SchemaObject): SchemaObject => ({ $schema: D07, ...prop(s) });
    const before = tuple({ type: "array", minItems: 2, maxItems: 3, items: [level, quote, options] });
    const closed = (items: unknown[]) => ({
      type: "array",
      minItems: items.length,
      additionalItems: false,
      items,
    });
    const split = tuple({ oneOf: [closed([level, quote]), closed([level, quote, options])] });
    expect(wire(before, split)).toEqual([]);
    expect(wire(split, before)).toEqual([]);
    // a split that drops a length is still a change
    const shorter = tuple({ oneOf: [closed([level, quote, options])] });
    expect(wire(before, shorter).length).toBeGreaterThan(0);
  });

  it("a tuple position added to an open array is compared with what the rest accepted (babelrc plugins)", () => {
    const plugins = (items: unknown) => ({
      $schema: D07,
      ...prop({ type: "array", items: { type: ["string", "array"], items } }),
    });
    const before = plugins({ type: ["string", "object"] });
    const after = plugins([{ type: "string" }, { type: "object" }]);
    // each position narrows what the old rest took; the rest is now any: no "tuple position added"
    expect(diff(before, after).map((f) => [f.rule, f.pointer])).toEqual([
      ["type-widened", "/properties/a/items/additionalItems"],
      ["type-narrowed", "/properties/a/items/items/0/type"],
      ["type-narrowed", "/properties/a/items/items/1/type"],
    ]);
  });
  it("an enum or const value its own type refuses is allowed nowhere (babelrc compact)", () => {
    const before = prop({ type: ["string", "boolean"], enum: ["auto", true, false] });
    const after = prop({ anyOf: [{ const: ["auto"], type: "string" }, { type: "boolean" }] });
    // the string alternative accepts nothing: "auto" went (new readers refuse it), nothing was added
    expect(diff(before, after).map((f) => [f.rule, f.value])).toEqual([["enum-value-removed", "auto"]]);
  });
  it("required names moved between required and if/then/else with the same table (dependabot update)", () => {
    const THEN = "then";
    const props = { group: { type: "string" }, eco: { type: "string" }, schedule: { type: "object" } };
    const before = {
      type: "object",
      properties: props,
      allOf: [
        {
          if: { required: ["group"] },
          [THEN]: { required: ["eco"] },
          else: { required: ["eco", "schedule"] },
        },
      ],
    };
    const after = {
      type: "object",
      properties: props,
      required: ["eco"],
      allOf: [
        {
          if: { not: { properties: { group: {} }, required: ["group"] } },
          [THEN]: { properties: { schedule: { $ref: "#/properties/schedule" } }, required: ["schedule"] },
        },
      ],
    };
    expect(wire(before, after)).toEqual([]);
    expect(wire(after, before)).toEqual([]);
    // schedule no longer required without a group: a real change
    const looser = { ...after, allOf: [] };
    expect(wire(before, looser).length).toBeGreaterThan(0);
  });
  it("a branch restating a type its object demands there anyway (dependabot else/updates)", () => {
    const base = {
      type: "object",
      properties: { updates: { type: "array", items: { $ref: "#/definitions/update" } } },
      definitions: { update: { type: "object" } },
    };
    const branch = (updates: SchemaObject) => ({
      ...base,
      allOf: [{ if: { required: ["beta"] }, else: { properties: { updates } } }],
    });
    const before = branch({ items: { properties: { eco: { type: "string" } } } });
    const after = branch({
      type: "array",
      items: { type: "object", properties: { eco: { type: "string" } } },
    });
    expect(wire(before, after)).toEqual([]);
    // a type the object does not demand is still a narrowing
    const narrower = branch({ type: "array", items: { type: "string" } });
    expect(wire(before, narrower).length).toBeGreaterThan(0);
  });
  it("keywords of a type a side refuses judge nothing (jscpd formatsExts items, vue skipBlankLines minimum)", () => {
    const before = prop({ type: "object", additionalProperties: { type: "string" } });
    const after = prop({
      type: ["object", "array"],
      additionalProperties: { type: "string" },
      items: { type: "string" },
    });
    // the type widened (old readers refuse arrays); no "items narrowed" for new readers: no old document is an array
    expect(wire(before, after)).toEqual(["type-widened /properties/a/type"]);
    // a minimum beside type boolean judged nothing (eslint-plugin-vue's skipBlankLines): dropping it is no change
    expect(wire(prop({ type: "boolean", minimum: 0 }), prop({ type: "boolean" }))).toEqual([]);
    expect(wire(prop({ type: "integer", minimum: 0 }), prop({ type: "integer" }))).toEqual([
      "minimum-decreased /properties/a",
    ]);
  });
  it("a bound kept by every alternative of a union it became is not unset (claude forceLoginOrgUUID)", () => {
    const before = prop({ type: "string", minLength: 1 });
    const union = (min?: number) =>
      prop({
        oneOf: [
          { type: "string", ...(min === undefined ? {} : { minLength: min }) },
          { type: "array", items: { type: "string", minLength: 1 } },
        ],
      });
    expect(wire(before, union(1))).toEqual(["union-widened /properties/a/oneOf"]);
    // the string alternative without the bound: "" is new, still reported
    expect(wire(before, union())).toContain("min-length-decreased /properties/a");
  });
  it("an enum every value of which an alternative accepts is widened, not replaced (jscpd format)", () => {
    const lang = (values: unknown) => ({ type: "object", properties: { a: values }, definitions: {} });
    const before = lang({ type: "array", items: { enum: ["abap", "ada"] } });
    const after = lang({
      oneOf: [
        { type: "array", items: { anyOf: [{ enum: ["abap"] }, { type: "string", minLength: 1 }] } },
        { anyOf: [{ enum: ["abap"] }, { type: "string", minLength: 1 }] },
      ],
    });
    // "ada" left the enum, but the string alternative takes it: no new reader refuses an old document
    expect(diff(before, after).filter((f) => f.effects.newReader === "breaks")).toEqual([]);
    expect(wire(before, after)).toContain("union-widened /properties/a/oneOf");
  });
});
