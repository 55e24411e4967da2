import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintRunDirectory } from "./run-directory.js";

const runs = fileURLToPath(new URL("../../../../conformance/myloop/runs/", import.meta.url));
const manifest: Record<string, { run: string; expected: string[] }> = JSON.parse(
  readFileSync(`${runs}manifest.json`, "utf8"),
);

describe("conformance/myloop/runs", () => {
  it("maps every run folder in the manifest and nothing else", () => {
    const folders = readdirSync(runs, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual(Object.keys(manifest).sort());
  });

  for (const [name, entry] of Object.entries(manifest)) {
    it(`${name} yields exactly ${entry.expected.join(", ") || "no finding"}`, () => {
      const { findings } = lintRunDirectory(`${runs}${entry.run}`);
      expect([...new Set(findings.map((f) => f.code))]).toEqual(entry.expected);
    });
  }

  it("locates findings: file relative to the run, line for text files, pointer for JSON", () => {
    const lines = lintRunDirectory(`${runs}${manifest["knowledge-bullet-provenance"]?.run}`).findings;
    expect(lines.map(({ file, line, pointer }) => ({ file, line, pointer }))).toEqual([
      { file: "knowledge.md", line: 5, pointer: "" },
    ]);
    const json = lintRunDirectory(`${runs}${manifest["rollup-outcome"]?.run}`).findings;
    expect(json.map(({ file, pointer }) => ({ file, pointer }))).toEqual([
      { file: "iteration/iter_1/record.json", pointer: "/iter_summary/outcome_class" },
    ]);
  });
});
