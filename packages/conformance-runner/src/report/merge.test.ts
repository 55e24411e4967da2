import { describe, expect, it } from "vitest";
import { sampleReport } from "../../test/report-samples.js";
import type { CheckResult } from "../verdicts.js";
import { mergedFiles } from "./merged.js";

describe("the merged matrix", () => {
  it("labels runs of different keel or protocol versions instead of mixing them", () => {
    const a = sampleReport({ implementation: "colony-a" });
    const b = sampleReport({ implementation: "colony-a", keel: "0.2.0" });
    const { files } = mergedFiles([
      { file: "a.json", report: a },
      { file: "b.json", report: b },
    ]);
    const page = files.find(([n]) => n === "report.html")?.[1] ?? "";
    expect(page).toContain("mixed runs: keel versions 0.1.0, 0.2.0");
    expect(page.match(/<th><div>colony-a<\/div>/g)).toHaveLength(2);
    expect(files.map(([n]) => n)).toEqual([
      "report.html",
      "report.json",
      "junit.xml",
      "badge-myrmo-colony-a.svg",
      "badge-myrmo-colony-a-2.svg",
    ]);
  });

  it("folds shards into one run, the worst verdict per check, and says which shard is missing", () => {
    const shard = (index: number, status: "pass" | "fail") =>
      sampleReport({
        shard: { index, total: 3, units: [`exchange/${index}`] },
        checks: [{ ...(sampleReport().checks[0] as CheckResult), status }],
        passed: status === "pass",
      });
    const { files, passed } = mergedFiles([
      { file: "1.json", report: shard(1, "pass") },
      { file: "2.json", report: shard(2, "fail") },
    ]);
    const set = JSON.parse(files.find(([n]) => n === "report.json")?.[1] ?? "{}");
    expect(set.runs).toHaveLength(1);
    expect(set.runs[0].checks[0].status).toBe("fail");
    expect(passed).toBe(false);
    expect(files.find(([n]) => n === "report.html")?.[1]).toContain("2 of 3 shards (shard 3 missing)");
    expect(files.find(([n]) => n.endsWith(".svg"))?.[1]).toContain("conformance: 0/1");
  });

  it("refuses the same shard twice", () => {
    const s = sampleReport({ shard: { index: 1, total: 2, units: ["suite"] } });
    expect(() =>
      mergedFiles([
        { file: "x.json", report: s },
        { file: "y.json", report: s },
      ]),
    ).toThrow("y.json: expected each shard once, found shard 1/2 also in x.json");
  });
});
