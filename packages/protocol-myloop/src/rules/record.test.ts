import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RecordDocument } from "../generated/types.gen.js";
import { checkRecord } from "./index.js";

const example = (name: string): RecordDocument =>
  JSON.parse(
    readFileSync(new URL(`../../../../schemas/myloop/examples/record/${name}`, import.meta.url), "utf8"),
  );
const codes = (doc: unknown) => checkRecord(doc).map((f) => f.code);

describe("record rules", () => {
  it("accepts every record example", () => {
    for (const name of ["minimal.json", "baseline.json", "rich.json"])
      expect(checkRecord(example(name))).toEqual([]);
  });

  it("record-ts-order: ts_start after ts_end", () => {
    const doc = example("baseline.json");
    doc.ts_end = "2026-05-15T12:00:00";
    expect(codes(doc)).toEqual(["myloop/record-ts-order"]);
  });

  it("record-spec-id-iter: a spec id of another iteration", () => {
    const doc = example("baseline.json");
    doc.iter = 4;
    doc.think.spec_ref = "iteration/iter_4/spec.json";
    expect(codes(doc)).toEqual(["myloop/record-spec-id-iter"]);
  });

  it("record-spec-id-sequence: letters out of order or repeated", () => {
    const doc = example("rich.json");
    (doc.specs[1] as { spec_id: string }).spec_id = "spec_iter_3_A";
    expect(codes(doc)).toContain("myloop/record-spec-id-sequence");
    const f = checkRecord(doc).find((x) => x.code === "myloop/record-spec-id-sequence");
    expect(f?.pointer).toBe("/specs/1/spec_id");
  });

  it("record-run-ids-passes: an ok spec with fewer runs than passes", () => {
    const doc = example("rich.json");
    const e = doc.specs[0]?.experiment as RecordDocument["specs"][0]["experiment"];
    e.run_ids = e.run_ids.slice(0, 2);
    e.artifacts_dirs = e.artifacts_dirs?.slice(0, 2);
    expect(codes(doc)).toContain("myloop/record-run-ids-passes");
  });

  it("record-per-ep-shape: rows must be passes × episodes", () => {
    const doc = example("rich.json");
    const rows = doc.specs[0]?.experiment.per_ep_success as number[][];
    rows[1] = (rows[1] as number[]).slice(1);
    expect(codes(doc)).toContain("myloop/record-per-ep-shape");
    rows.pop();
    expect(checkRecord(doc).find((f) => f.code === "myloop/record-per-ep-shape")?.message).toMatch(
      /expected 3 rows \(passes\), found 2/,
    );
  });

  it("record-metrics-consistent: mean_sr must be the mean of the cells", () => {
    const doc = example("baseline.json");
    const m = doc.specs[0]?.experiment.metrics_digest as { mean_sr: number; score: number };
    m.mean_sr = 0.5;
    m.score = 0.5;
    doc.iter_summary.best_score = 0.5;
    expect(codes(doc)).toEqual(["myloop/record-metrics-consistent"]);
  });
});
