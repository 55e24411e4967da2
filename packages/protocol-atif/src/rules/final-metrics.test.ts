import { describe, expect, it } from "vitest";
import { trajectoryRules } from "./trajectory.js";

const doc = (totalSteps: number, notes?: string) => ({
  agent: { name: "a", version: "1" },
  steps: [{ step_id: 1, source: "user", message: "go" }],
  final_metrics: { total_steps: totalSteps },
  notes,
});

describe("atif/total-steps-noted", () => {
  it("accepts a matching count, or a different one explained in notes", () => {
    expect(trajectoryRules(doc(1))).toEqual([]);
    expect(trajectoryRules(doc(3, "two steps were dropped when the context was summarised"))).toEqual([]);
  });

  it("reports a different count without notes", () => {
    expect(trajectoryRules(doc(3)).map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "atif/total-steps-noted",
          "/final_metrics/total_steps",
          "expected total_steps 1 (the number of steps) or an explanation in notes, found 3 and no notes",
        ],
      ]
    `);
  });
});
