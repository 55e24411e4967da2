import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runCompatFiles } from "../src/index.js";

/** A schema that $refs another by absolute URL, as SchemaStore's do, and the files that supply it offline. */
const dir = tempDir("keel-compat-refs-");

const D07 = "http://json-schema.org/draft-07/schema#";
const write = (path: string, value: unknown) => {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), JSON.stringify(value));
};
const plugin = (maxLength: number) => ({
  $schema: D07,
  $id: "https://json.example.test/partial-plugins.json",
  definitions: { rule: { type: "string", maxLength } },
});
write("v1.json", {
  $schema: D07,
  type: "object",
  properties: { rule: { $ref: "https://json.example.test/partial-plugins.json#/definitions/rule" } },
});
write("v2.json", {
  $schema: D07,
  type: "object",
  properties: { rule: { $ref: "https://json.example.test/partial-plugins.json#/definitions/rule" } },
});
write("refs-old/partial-plugins.json", plugin(10));
write("refs-new/partial-plugins.json", plugin(5));
write("catalog/catalog.json", {
  $schema: "https://json.schemastore.org/schema-catalog",
  version: 1,
  schemas: [{ name: "plugins", url: "https://json.example.test/partial-plugins.json", fileMatch: [] }],
});
write("catalog/partial-plugins.json", plugin(5));

const run = (o: Partial<Parameters<typeof runCompatFiles>[0]>) =>
  runCompatFiles({ from: "v1.json", to: "v2.json", cwd: dir, ...o });
const rules = (o: Partial<Parameters<typeof runCompatFiles>[0]>) => run(o).findings.map((f) => f.rule);

describe("$refs by absolute URL, supplied offline", () => {
  it("names the URL, the pointer it is written at and the flags that supply it when nothing does", () => {
    expect(() => run({})).toThrow(
      'v1.json#/properties/rule/$ref: $ref "https://json.example.test/partial-plugins.json#/definitions/rule" names https://json.example.test/partial-plugins.json, which no file supplies; supply it offline with --ref FILE (a schema whose $id is https://json.example.test/partial-plugins.json), --ref-map https://json.example.test/=DIR or --catalog catalog.json (or --unresolved-refs any to read it as {})',
    );
  });

  it("reads a --ref file by its $id", () => {
    expect(rules({ refs: { refs: ["refs-new/partial-plugins.json"] } })).toEqual([]);
    expect(
      rules({
        refs: { refs: ["refs-new/partial-plugins.json"] },
        fromRefs: { refs: ["refs-old/partial-plugins.json"] },
      }),
    ).toEqual(["max-length-decreased"]);
  });

  it("reads a --ref-map prefix from a folder, each side its own", () => {
    const f = run({
      refs: { refMap: ["https://json.example.test/=refs-new"] },
      fromRefs: { refMap: ["https://json.example.test/=refs-old"] },
    }).findings;
    expect(f.map((x) => [x.rule, x.file, x.pointer])).toEqual([
      ["max-length-decreased", "partial-plugins.json", "/definitions/rule/maxLength"],
    ]);
  });

  it("reads a SchemaStore-shaped catalog.json, each url from the file beside it", () => {
    expect(
      rules({
        refs: { catalogs: ["catalog/catalog.json"] },
        fromRefs: { refs: ["refs-old/partial-plugins.json"] },
      }),
    ).toEqual(["max-length-decreased"]);
  });

  it("reads an unsupplied reference as {} only when asked, and says so", () => {
    const r = run({ unresolvedRefs: "any" });
    expect(r.findings).toEqual([]);
    expect(r.notes?.[0]).toMatch(
      /^\$ref "https:\/\/json\.example\.test\/partial-plugins\.json" \(v1\.json#\/properties\/rule\/\$ref\) was not supplied: read as \{\}/,
    );
  });

  it("refuses a --ref file without an absolute $id and a malformed --ref-map", () => {
    write("no-id.json", { $schema: D07 });
    expect(() => run({ refs: { refs: ["no-id.json"] } })).toThrow(
      /--ref .*no-id\.json: expected an absolute "\$id"/,
    );
    expect(() => run({ refs: { refMap: ["no-equals"] } })).toThrow(/--ref-map: expected URL-PREFIX=DIR/);
  });
});
