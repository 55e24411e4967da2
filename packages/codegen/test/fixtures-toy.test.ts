import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ProtocolEntry, Registry } from "@keel/schema-model";
import { afterAll, describe, expect, it } from "vitest";
import { buildFixtures } from "../src/fixture-gen/index.js";

/** A protocol small enough to read its whole fixture list: every rule fires once on it. */
const schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://keel.test/toy.schema.json",
  type: "object",
  additionalProperties: false,
  required: ["name", "kind"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 4 },
    kind: { enum: ["a", "b", "c"] },
    count: { type: "integer", minimum: 0, maximum: 3 },
    tags: { type: "array", maxItems: 2, uniqueItems: true, items: { $ref: "#/$defs/tag" } },
    note: { anyOf: [{ type: "string", not: { pattern: "^<.*>$" } }, { type: "null" }] },
  },
  allOf: [
    {
      if: { properties: { kind: { const: "c" } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here, not a thenable
      then: { properties: { count: true }, required: ["count"] },
    },
  ],
  $defs: { tag: { type: "string", pattern: "^[a-z]+$" } },
};

const entry: ProtocolEntry = {
  title: "Toy",
  summary: "a protocol for tests",
  seed: "none",
  reference: null,
  version: "1",
  consumer: "strict",
  versionPolicy: "minor-adds-optional",
  versionField: null,
  schemas: ["toy.schema.json"],
  fileKinds: ["json"],
  documentTypes: {
    thing: { schema: "toy.schema.json", pointer: "#", fileKinds: ["json"], summary: "a thing" },
  },
  released: [],
  references: [],
  facts: {},
};
const registry: Registry = { protocols: { toy: entry } };

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function toyRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "keel-fixtures-"));
  roots.push(root);
  mkdirSync(join(root, "schemas", "toy", "examples", "thing"), { recursive: true });
  writeFileSync(join(root, "schemas", "toy", "toy.schema.json"), JSON.stringify(schema));
  writeFileSync(
    join(root, "schemas", "toy", "examples", "thing", "one.json"),
    '{"name":"ab","kind":"a","tags":["x"]}',
  );
  return root;
}

describe("fixtures of a toy protocol", () => {
  const { files, stats } = buildFixtures(toyRoot(), registry, "toy");
  const manifest = JSON.parse(files.find((f) => f.path.endsWith("manifest.json"))?.content ?? "{}");
  const doc = (name: string) =>
    JSON.parse(files.find((f) => f.path.endsWith(`/thing/${name}.json`))?.content ?? "null");

  it("lists one fixture per rule and site, named after keyword and pointer", () => {
    expect(
      manifest.fixtures.map(
        (f: { file: string; keyword: string | null; pointer: string }) =>
          `${f.file} ${f.keyword} ${f.pointer}`,
      ),
    ).toMatchInlineSnapshot(`
      [
        "thing/invalid/dialect-pattern-trailing-crlf-tags-0.json pattern /tags/0",
        "thing/invalid/dialect-pattern-trailing-lf-tags-0.json pattern /tags/0",
        "thing/invalid/dialect-pattern-trailing-ls-tags-0.json pattern /tags/0",
        "thing/invalid/enum-kind.json enum /kind",
        "thing/invalid/maximum-count.json maximum /count",
        "thing/invalid/maxitems-tags.json maxItems /tags",
        "thing/invalid/maxlength-name.json maxLength /name",
        "thing/invalid/minimum-count.json minimum /count",
        "thing/invalid/minlength-name.json minLength /name",
        "thing/invalid/not-note.json not /note",
        "thing/invalid/pattern-tags-0.json pattern /tags/0",
        "thing/invalid/required-kind.json required /kind",
        "thing/invalid/required-name.json required /name",
        "thing/invalid/type-count.json type /count",
        "thing/invalid/type-fraction-count.json type /count",
        "thing/invalid/type-name.json type /name",
        "thing/invalid/type-root.json type ",
        "thing/invalid/type-tags-0.json type /tags/0",
        "thing/invalid/type-tags.json type /tags",
        "thing/invalid/unique-items-tags.json uniqueItems /tags",
        "thing/invalid/unknown-property-root.json additionalProperties /keel_unknown_field",
        "thing/valid/dialect-integer-decimal-point-count.json type /count",
        "thing/valid/dialect-integer-negative-zero-count.json type /count",
        "thing/valid/dialect-string-lone-surrogate-name.json type /name",
        "thing/valid/enum-kind-b.json enum /kind",
        "thing/valid/enum-kind-c.json enum /kind",
        "thing/valid/maximal.json null ",
        "thing/valid/maximum-count.json maximum /count",
        "thing/valid/maxitems-tags.json maxItems /tags",
        "thing/valid/maxlength-name.json maxLength /name",
        "thing/valid/minimal.json null ",
        "thing/valid/minimum-count.json minimum /count",
        "thing/valid/minlength-name.json minLength /name",
      ]
    `);
    // kind "c" needs count: refused on the minimal document and the example (dropped, counted), built on
    // the maximal one
    expect(stats.dropped).toEqual({ "valid enum: claimed valid, ajv rejects it": 2 });
    expect(stats.notBuilt).toEqual({});
  });

  it("builds boundaries in code points with astral characters, and their one-past twins", () => {
    const atMax = doc("valid/maxlength-name").name as string;
    const overMax = doc("invalid/maxlength-name").name as string;
    expect([[...atMax].length, [...overMax].length]).toEqual([4, 5]);
    expect(atMax.length).toBeGreaterThan(4);
    expect(doc("invalid/minlength-name").name).toBe("");
  });

  it("keeps conditionals: the minimal fixture of kind c would need count, so kind c is set where count is", () => {
    expect(doc("valid/minimal")).toEqual({ name: "ab", kind: "a" });
    expect(doc("valid/enum-kind-c")).toMatchObject({ kind: "c", count: 0 });
    expect(doc("valid/maximal")).toMatchObject({ count: 0, note: "keel", tags: ["x"] });
  });
});

describe("fixtures of a toy protocol with rules of its own", () => {
  // like myrmo/diff-unified: the text must keep a structure the schema does not describe
  const startsWithA = (_type: string, doc: unknown) =>
    String((doc as { name?: string }).name).startsWith("a");
  const { files, stats } = buildFixtures(toyRoot(), registry, "toy", { rules: startsWithA });
  const valid = files.filter((f) => f.path.includes("/valid/"));

  it("every valid fixture passes the protocol's rules", () => {
    expect(valid.length).toBeGreaterThan(5);
    for (const f of valid)
      expect([f.path, startsWithA("thing", JSON.parse(f.content))]).toEqual([f.path, true]);
  });

  it("builds a boundary from the example's text where a filler would break the rules, or skips it", () => {
    const name = (stem: string) =>
      JSON.parse(files.find((f) => f.path.endsWith(`/valid/${stem}.json`))?.content ?? "{}").name as string;
    expect(name("maxlength-name")).toMatch(/^a/);
    expect([...name("maxlength-name")].length).toBe(4);
    expect(name("minlength-name")).toBe("a");
    expect(stats.dropped).toEqual({ "valid enum: claimed valid, ajv rejects it": 2 });
  });
});
