import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RecordDocument } from "../generated/types.gen.js";
import { checkRecord } from "./index.js";
import { expectedRollup } from "./rollup.js";

const example = (name: string): RecordDocument =>
  JSON.parse(
    readFileSync(new URL(`../../../../schemas/myloop/examples/record/${name}`, import.meta.url), "utf8"),
  );

describe("iter_summary rollup", () => {
  it("derives the README table's outcome: refuted + confirmed is mixed, a baseline is inert", () => {
    expect(expectedRollup(example("rich.json")).outcome_class).toBe("mixed");
    expect(expectedRollup(example("baseline.json")).outcome_class).toBe("inert");
    expect(expectedRollup(example("minimal.json")).outcome_class).toBe("critic_block");
  });

  it("rollup-outcome: a class the specs do not imply", () => {
    const doc = example("rich.json");
    doc.iter_summary.outcome_class = "confirmed";
    expect(checkRecord(doc)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/rollup-outcome",
          "message": "expected outcome_class "mixed" from specs[], found "confirmed"",
          "pointer": "/iter_summary/outcome_class",
          "severity": "error",
        },
      ]
    `);
  });

  it("rollup-counts: counters must count the specs", () => {
    const doc = example("rich.json");
    doc.iter_summary.n_refuted = 2;
    expect(checkRecord(doc).map((f) => [f.code, f.pointer])).toEqual([
      ["myloop/rollup-counts", "/iter_summary/n_refuted"],
    ]);
  });

  it("rollup-axes: distinct axes in first-appearance order", () => {
    const doc = example("rich.json");
    doc.iter_summary.axes_touched = [...doc.iter_summary.axes_touched].reverse();
    expect(checkRecord(doc).map((f) => f.code)).toEqual(["myloop/rollup-axes"]);
  });

  it("rollup-best: best_score is the highest mean_sr of an ok spec", () => {
    const doc = example("rich.json");
    doc.iter_summary.best_score = 0.093;
    doc.iter_summary.best_spec_id = "spec_iter_3_A";
    expect(checkRecord(doc).map((f) => f.code)).toEqual(["myloop/rollup-best", "myloop/rollup-best"]);
  });
});
