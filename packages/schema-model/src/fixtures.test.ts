import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixturesDir, parseFixtureManifest, readFixtures } from "./fixtures.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function repoWith(fixtures: unknown[], files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "keel-fixtures-"));
  roots.push(root);
  const dir = fixturesDir(root, "toy");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ fixtures }));
  return root;
}

const entry = { file: "t/valid/a.json", type: "t", expect: "valid", pointer: "", keyword: null, why: "seed" };

describe("readFixtures", () => {
  it("reads every manifest entry with its document, in manifest order", () => {
    const bad = { ...entry, file: "t/invalid/b.json", expect: "invalid", pointer: "/n", keyword: "type" };
    const root = repoWith([bad, entry], { "t/valid/a.json": '{"n":1}', "t/invalid/b.json": '{"n":"x"}' });
    const read = readFixtures(root, "toy");
    expect(read.map((f) => [f.display, f.expect, f.keyword, f.value])).toEqual([
      ["conformance/toy/fixtures/t/invalid/b.json", "invalid", "type", { n: "x" }],
      ["conformance/toy/fixtures/t/valid/a.json", "valid", null, { n: 1 }],
    ]);
  });

  it("names the manifest and the entry that is malformed, and a fixture file that is not JSON", () => {
    const root = repoWith([entry, { ...entry, expect: "maybe" }], { "t/valid/a.json": "{" });
    expect(() => readFixtures(root, "toy")).toThrow(
      /manifest\.json: \/fixtures\/1: expected "expect" to be "valid" or "invalid", found "maybe"/,
    );
    expect(() => readFixtures(repoWith([entry], { "t/valid/a.json": "{" }), "toy")).toThrow(
      /t\/valid\/a\.json:1:\d+: invalid JSON/,
    );
    expect(() => parseFixtureManifest("[]", "m.json")).toThrow(
      /m\.json: expected an object with a "fixtures" array/,
    );
  });
});
