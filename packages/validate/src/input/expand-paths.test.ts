import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { expandPaths } from "./expand-paths.js";

const dir = tempDir("keel-expand-");
mkdirSync(join(dir, "runs/a/deep"), { recursive: true });
for (const f of ["runs/b.json", "runs/a/x.jsonl", "runs/a/deep/y.yaml", "runs/a/notes.md", "runs/a/z.ndjson"])
  writeFileSync(join(dir, f), "{}");

describe("expandPaths", () => {
  it("walks a directory recursively for the document kinds, sorted", () => {
    expect(expandPaths(["runs"], dir)).toEqual([
      "runs/a/deep/y.yaml",
      "runs/a/x.jsonl",
      "runs/a/z.ndjson",
      "runs/b.json",
    ]);
  });

  it("expands a quoted glob, keeps files, stdin and missing paths as given", () => {
    expect(expandPaths(["runs/**/*.json*", "-", "runs/b.json", "nope.json"], dir)).toEqual([
      "runs/a/x.jsonl",
      "runs/b.json",
      "-",
      "runs/b.json",
      "nope.json",
    ]);
  });

  it("refuses a glob or directory that matches nothing (exit 2), so CI cannot pass on zero files", () => {
    expect(() => expandPaths(["runs/**/*.xml"], dir)).toThrow(
      "expected files matching runs/**/*.xml, found none",
    );
    mkdirSync(join(dir, "empty"));
    expect(() => expandPaths(["empty"], dir)).toThrow(/under empty, found none/);
  });
});
