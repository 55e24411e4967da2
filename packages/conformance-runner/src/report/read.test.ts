import { describe, expect, it } from "vitest";
import { sampleReport } from "../../test/report-samples.js";
import { json } from "./json.js";
import { parseReport } from "./read.js";

describe("parseReport", () => {
  it("reads back what the json reporter writes", () => {
    expect(parseReport(json(sampleReport()), "r.json").checks[1]?.evidence?.channel).toBe("http");
  });

  it("refuses a report version it cannot read, naming the file and the keel that wrote it", () => {
    const text = JSON.stringify({ ...sampleReport(), reportVersion: 2, keel: "9.0.0" });
    expect(() => parseReport(text, "new.json")).toThrow(
      "new.json: expected a keel conformance report (version 1), found reportVersion 2 (written by keel 9.0.0; use that keel's `keel report`)",
    );
  });

  it("refuses an older report without the format marker, and one that breaks the schema at a pointer", () => {
    const { report: _, ...old } = sampleReport();
    expect(() => parseReport(JSON.stringify(old), "old.json")).toThrow(
      /old.json: .*no "report": "keel-conform"/,
    );
    const bad = sampleReport();
    (bad.checks[1] as { status: string }).status = "maybe";
    expect(() => parseReport(JSON.stringify(bad), "bad.json")).toThrow(/bad.json: .*\/checks\/1\/status/);
    expect(() => parseReport("{", "cut.json")).toThrow(/cut.json: .*not JSON/);
  });
});

describe("a shard's report", () => {
  it("reads back with its units", () => {
    const shard = {
      index: 2,
      total: 3,
      units: ["scenario/a", "exchange/b"],
      runsSuite: true,
      scenarios: ["a"],
    };
    expect(parseReport(json(sampleReport({ shard })), "s.json").shard).toEqual(shard);
  });
});
