import { validateOutcomeReport } from "@keel/myrmo";
import { describe, expect, it } from "vitest";
import { outcomeReportLines } from "./corpus.mjs";

describe("the benchmark's outcome-report corpus", () => {
  it("is the same on every call, one JSON text per line, no two lines equal", () => {
    const lines = outcomeReportLines(2000);
    expect(outcomeReportLines(2000)).toEqual(lines);
    expect(lines.every((l) => !l.includes("\n"))).toBe(true);
    expect(new Set(lines).size).toBe(2000);
  });

  it("is valid throughout, or invalid on exactly every k-th line, each with one schema fault", () => {
    const verdicts = (lines) => lines.map((l) => validateOutcomeReport(JSON.parse(l)));
    expect(verdicts(outcomeReportLines(1000)).every((r) => r.valid)).toBe(true);
    const faulty = verdicts(outcomeReportLines(1000, { invalidEvery: 100 }));
    expect(faulty.flatMap((r, i) => (r.valid ? [] : [i]))).toEqual([
      99, 199, 299, 399, 499, 599, 699, 799, 899, 999,
    ]);
    expect([...new Set(faulty.flatMap((r) => r.findings.map((f) => f.code)))].sort()).toEqual([
      "schema/additional-properties",
      "schema/enum",
      "schema/required",
    ]);
  });
});
