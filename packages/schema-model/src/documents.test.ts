import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { fileKindOf, readDocuments } from "./documents.js";

const dir = tempDir("keel-docs-");

describe("readDocuments", () => {
  it("reads one document per non-blank JSON Lines line with its line number", () => {
    const file = join(dir, "a.jsonl");
    writeFileSync(file, '{"id":1}\n\n{"id":2}\n');
    expect(readDocuments(file)).toEqual([
      { value: { id: 1 }, line: 1 },
      { value: { id: 3 - 1 }, line: 3 },
    ]);
  });

  it("locates a broken line at its own line and column", () => {
    const file = join(dir, "b.ndjson");
    writeFileSync(file, '{"id":1}\n{"id": tru}\n');
    expect(() => readDocuments(file)).toThrow(/b\.ndjson:2:8: invalid JSON/);
  });

  it("knows file kinds by extension", () => {
    expect(["a.json", "a.NDJSON", "a.yml", "goal.md", "a.txt"].map(fileKindOf)).toEqual([
      "json",
      "jsonl",
      "yaml",
      "markdown",
      undefined,
    ]);
  });
});
