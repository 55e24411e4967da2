import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { renderRunFile } from "./index.js";
import { renderLineage } from "./lineage.js";
import { normalizeDerived, sameDerived } from "./normalize.js";
import { decimal } from "./numbers.js";
import { loadRecords } from "./records.js";
import { runName, runNameFromPath } from "./run-name.js";
import { renderTrace } from "./trace.js";

const clean = fileURLToPath(
  new URL("../../../../conformance/myloop/runs/clean/myloop/mapgpt_mp3d/v1", import.meta.url),
);

describe("render", () => {
  it("reproduces the committed (Biome-formatted) trace.md and lineage.md of the example run", () => {
    for (const kind of ["trace", "lineage"] as const) {
      const committed = readFileSync(join(clean, `${kind}.md`), "utf8");
      expect(sameDerived(renderRunFile(clean, kind) ?? "", committed)).toBe(true);
    }
  });

  it("compares modulo formatting only: padded cells and blank lines are equal, a changed cell is not", () => {
    const fresh = "# T\n| a | b\\|c |\n| --- | --- |\n| 1 | x |\n";
    expect(sameDerived(fresh, "# T\n\n| a   | b\\|c |\n| :-- | ---: |\n| 1   | x   |  \n")).toBe(true);
    expect(sameDerived(fresh, "# T\n| a | b\\|c |\n| --- | --- |\n| 1 | y |\n")).toBe(false);
    expect(normalizeDerived(fresh).map((l) => l.line)).toEqual([1, 2, 3, 4]);
  });

  it("is deterministic: same text twice and independent of record order", () => {
    const records = loadRecords(clean);
    const name = { graph: "g", version: 2 };
    expect(renderTrace(name, records)).toBe(renderTrace(name, [...records].reverse()));
    expect(renderLineage(name, records)).toBe(renderLineage(name, [...records].reverse()));
  });

  it("prints metrics with at least two decimals and never loses precision", () => {
    expect([decimal(0.4), decimal(0.435), decimal(0.5, 3), decimal(1 / 3)]).toEqual([
      "0.40",
      "0.435",
      "0.500",
      "0.3333",
    ]);
  });

  it("names the run from …/myloop/{graph}/v{N}/, else from an existing title", () => {
    expect(runNameFromPath(clean)).toEqual({ graph: "mapgpt_mp3d", version: 1 });
    const dir = join(tempDir("keel-render-"), "run");
    cpSync(clean, dir, { recursive: true });
    expect(runName(dir)).toEqual({ graph: "mapgpt_mp3d", version: 1 });
    rmSync(join(dir, "trace.md"));
    rmSync(join(dir, "lineage.md"));
    expect(runName(dir)).toBeUndefined();
  });
});
