import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keel, repoCopy } from "./harness.js";

const dir = mkdtempSync(join(tmpdir(), "keel-compat-meta-"));
const copies: string[] = [];
afterAll(() => {
  for (const d of [dir, ...copies]) rmSync(d, { recursive: true, force: true });
});

const valid = join(dir, "valid.json");
const invalid = join(dir, "invalid.json");
writeFileSync(
  valid,
  '{\n  "type": "object",\n  "properties": { "a": { "type": "string", "maxLength": 64 } }\n}\n',
);
writeFileSync(
  invalid,
  '{\n  "type": "object",\n  "properties": { "a": { "type": "string", "maxLength": "64" } }\n}\n',
);
const located = (file: string) =>
  `keel: ${file}:3:44: invalid schema (the 2020-12 metaschema): expected /properties/a/maxLength to be of type integer, found string\n`;

// a diff of an invalid schema is no verdict: `"maxLength": "64"` was reported as max-length-decreased, exit 0
describe("keel compat checks both sides against their metaschema first", () => {
  it.each([
    ["the older file", invalid, valid],
    ["the newer file", valid, invalid],
  ])("two schema files: %s invalid → exit 2 with its location", async (_side, from, to) => {
    const r = await keel(["compat", "--from", from, "--to", to, "--format", "json"]);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(located(invalid));
    expect(r.code).toBe(2);
  });

  it("a protocol's working schema: exit 2 with the location, for --to working and for --from working", async () => {
    const root = repoCopy();
    copies.push(root);
    const file = join(root, "schemas/myrmo/trail.v1.schema.json");
    const text = readFileSync(file, "utf8");
    const at = text.indexOf('"maxLength": 16');
    writeFileSync(file, text.replace('"maxLength": 16', '"maxLength": "16"'));
    const line = text.slice(0, at).split("\n").length;
    const column = at - text.lastIndexOf("\n", at - 1);
    const expected = `keel: ${file}:${line}:${column}: invalid schema (the draft-07 metaschema): expected /definitions/protocol_version/maxLength to be of type integer, found string\n`;
    for (const args of [
      ["compat", "myrmo", "--bump", "minor"],
      ["compat", "myrmo", "--from", "working", "--to", "1.0"],
    ]) {
      const r = await keel(args, root);
      expect(r.stderr).toBe(expected);
      expect(r.stdout).toBe("");
      expect(r.code).toBe(2);
    }
  });
});
