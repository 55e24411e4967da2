import { describe, expect, it } from "vitest";
import { checkTrajectory, semanticRules } from "./index.js";

const doc = (stepId: number) => ({
  agent: { name: "a", version: "1" },
  steps: [{ step_id: stepId, source: "user", message: "go" }],
});

describe("checkTrajectory", () => {
  it("passes a document that meets schema and rules", () => {
    expect(checkTrajectory(doc(1))).toEqual({ valid: true, findings: [] });
  });

  it("reports schema findings only when the schema fails", () => {
    const result = checkTrajectory(doc(0), "zod");
    expect(result.valid).toBe(false);
    expect(result.findings.some((f) => f.code.startsWith("atif/"))).toBe(false);
  });

  it("applies the semantic rules after the schema passed", () => {
    expect(checkTrajectory(doc(2))).toMatchObject({
      valid: false,
      findings: [{ code: "atif/step-id-sequence" }],
    });
    expect(Object.keys(semanticRules)).toEqual(["trajectory"]);
  });
});
