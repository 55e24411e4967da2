import { describe, expect, it } from "vitest";
import { type CompatReport, diffSchemaSets, renderMarkdown, renderPretty, summarise } from "../src/index.js";
import { memorySet, testEntry } from "./helpers.js";

/** Ten keys renamed (a prefix added) and one enum that lost a value: what a maintainer reads first. */
const names = Array.from({ length: 10 }, (_, i) => `rule-${i}`);
const before = {
  type: "object",
  properties: {
    ...Object.fromEntries(names.map((n) => [n, { type: "string" }])),
    level: { enum: ["off", "warn", "error"] },
  },
};
const after = {
  type: "object",
  properties: {
    ...Object.fromEntries(names.map((n) => [`@x/${n}`, { type: "string" }])),
    level: { enum: ["off", "error"] },
  },
};
const report: CompatReport = {
  protocol: null,
  from: "a.json",
  to: "b.json",
  bump: null,
  verdict: "report",
  requires: "major",
  policy: "minor-adds-optional",
  consumer: "strict",
  findings: diffSchemaSets(memorySet("1.0", before), memorySet("1.1", after), testEntry()),
};

describe("a report opens with its summary", () => {
  it("gives each reader's verdict, the counts by rule and the places, keys renamed one by one as one place", () => {
    const s = summarise(report);
    expect(s.readers.map((r) => [r.party, r.effect, r.breaks])).toEqual([
      ["oldStrictReader", "breaks", 10],
      ["oldLenientReader", "breaks", 10],
      ["newReader", "breaks", 11],
    ]);
    expect(s.rules).toEqual([
      { rule: "open-content-narrowed", count: 10 },
      { rule: "open-content-widened", count: 10 },
      { rule: "enum-value-removed", count: 1 },
    ]);
    expect(s.places).toEqual([{ file: "t.schema.json", pointer: "/properties", findings: 21, members: 21 }]);
  });

  it("prints the summary before the findings and counts the ones --max-findings leaves out", () => {
    const text = renderPretty(report, { maxFindings: 1 });
    expect(text.split("\n").slice(1, 7)).toEqual([
      "  report: 21 changes (21 on the wire), smallest fitting bump: major",
      "    old strict reader: breaks (10 finding(s) break it)",
      "    old lenient reader: breaks (10 finding(s) break it)",
      "    new reader of old data: breaks (11 finding(s) break it)",
      "    by rule: open-content-narrowed ×10, open-content-widened ×10, enum-value-removed ×1",
      "    top places: t.schema.json#/properties (21 in 21 members)",
    ]);
    expect(text).toContain(
      "  … 20 more finding(s) not shown (open-content-widened ×10, open-content-narrowed ×9, enum-value-removed ×1); --max-findings or --format json for all",
    );
  });

  it("--format markdown: the same summary as a list, then the findings table", () => {
    const md = renderMarkdown(report, { maxFindings: 2 });
    expect(md).toContain(
      "- by rule: `open-content-narrowed` ×10, `open-content-widened` ×10, `enum-value-removed` ×1",
    );
    expect(md).toContain("- top places: `t.schema.json#/properties` (21 in 21 members)");
    expect(md.split("\n").filter((l) => l.startsWith("| warning"))).toHaveLength(2);
    expect(md).toMatch(/… 19 more finding\(s\) not shown/);
  });
});
