import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { findingsOf, scratch, validate } from "./validate-harness.js";

const report = `{
  "protocol_version": "1.0",
  "solution_id": "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a64c9f3",
  "outcome": "mostly",
  "agent_info": { "model": "gpt-5", "framework": 7 }
}
`;

describe("keel validate: findings at line:column", () => {
  it("prints file:line:col, the code, the message and a code frame", async () => {
    const r = await validate("myrmo", [scratch("report.json", report)], { type: "outcome_report" });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatchInlineSnapshot(`
      "FAIL <dir>/report.json: 1 document, 1 invalid
        <dir>/report.json:4:3 schema/enum expected /outcome to be one of "worked", "partially_worked", "failed", "not_applicable", found "mostly" (at /outcome)
          |   "outcome": "mostly",
          |   ^
        <dir>/report.json:5:37 schema/type expected /agent_info/framework to be of type string, found integer (at /agent_info/framework)
          |   "agent_info": { "model": "gpt-5", "framework": 7 }
          |                                     ^
      "
    `);
  });

  it("adds line and column to --format json findings", async () => {
    const r = await validate("myrmo", [scratch("report2.json", report)], {
      type: "outcome_report",
      format: "json",
    });
    expect(findingsOf(r.stdout).map(({ line, column, pointer }) => ({ line, column, pointer }))).toEqual([
      { line: 4, column: 3, pointer: "/outcome" },
      { line: 5, column: 37, pointer: "/agent_info/framework" },
    ]);
  });

  it("locates a JSON Lines finding on the document's line, the column within it", async () => {
    const lines = `{"protocol_version":"1.0","solution_id":"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a64c9f3","outcome":"worked","agent_info":{"model":"m","framework":"f"}}\n\n{"protocol_version":"1.0","solution_id":"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a64c9f3","outcome":"nope","agent_info":{"model":"m","framework":"f"}}\n`;
    const r = await validate("myrmo", [scratch("reports.jsonl", lines)], {
      type: "outcome_report",
      format: "json",
    });
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout)).toMatchObject([
      { code: "schema/enum", line: 3, column: 80, pointer: "/outcome" },
    ]);
  });

  it("locates a YAML finding on its key, with a code frame from the YAML source", async () => {
    const design = readFileSync(
      join(repoRoot, "schemas/myloop/examples/experiment_design/minimal.yaml"),
      "utf8",
    );
    const broken = design.replace(/(perf_mapgpt_mp3d:[\s\S]*?passes_required: )1/, "$12");
    expect(broken).not.toBe(design);
    const r = await validate("myloop", [scratch("design.yaml", broken)], { type: "experiment_design" });
    expect(r.code).toBe(1);
    const line = broken.split("\n").indexOf("  passes_required: 2") + 1;
    expect(r.stdout).toContain(`design.yaml:${line}:3 schema/enum`);
    expect(r.stdout).toMatch(/\| {3}passes_required: 2\n\s+\| {3}\^/);
  });
});
