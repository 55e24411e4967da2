import { describe, expect, it } from "vitest";
import { checkMessage, checkResponse } from "./index.js";

const trajectory = (stepId: number) => ({
  agent: { name: "a", version: "1" },
  steps: [{ step_id: stepId, source: "user", message: "go" }],
});
const execute = (stepId: number) => ({
  id: 5,
  result: { eval: "e", sample: "s", target: "t", transcript: { trajectory: trajectory(stepId) } },
});

describe("ATIF rules on transcript.trajectory", () => {
  it("accept a trajectory that obeys them", () => {
    expect(checkResponse(execute(1))).toEqual({ valid: true, findings: [] });
  });

  it("report a broken trajectory below its location, in responses and in score requests", () => {
    expect(
      checkResponse(execute(2)).findings.map((f) => [f.code, f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
      [
        [
          "atif/step-id-sequence",
          "/result/transcript/trajectory/steps/0/step_id",
          "expected step_id 1 (steps are numbered 1, 2, 3 … in order), found 2",
        ],
      ]
    `);
    const score = {
      id: 6,
      method: "score",
      params: { eval: "e", sample: "s", target: "t", transcript: { trajectory: trajectory(3) } },
    };
    expect(checkMessage(score).findings.map((f) => f.pointer)).toMatchInlineSnapshot(`
      [
        "/params/transcript/trajectory/steps/0/step_id",
      ]
    `);
  });
});
