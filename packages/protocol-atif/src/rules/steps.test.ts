import { describe, expect, it } from "vitest";
import { trajectoryRules } from "./trajectory.js";

const doc = (steps: unknown[]) => ({
  schema_version: "ATIF-v1.7",
  agent: { name: "a", version: "1" },
  steps,
});
const user = { step_id: 1, source: "user", message: "hi", timestamp: "2025-01-31T12:00:00Z" };
const agent = {
  step_id: 2,
  source: "agent",
  message: "",
  tool_calls: [{ tool_call_id: "c1", function_name: "ls", arguments: {} }],
  observation: { results: [{ source_call_id: "c1", content: "ok" }] },
};

describe("step rules", () => {
  it("accept a well-formed run", () => {
    expect(trajectoryRules(doc([user, agent]))).toEqual([]);
  });

  it("atif/step-id-sequence", () => {
    expect(
      trajectoryRules(doc([user, { ...agent, step_id: 3 }])).map((f) => [f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
        [
          [
            "/steps/1/step_id",
            "expected step_id 2 (steps are numbered 1, 2, 3 … in order), found 3",
          ],
        ]
      `);
  });

  it("atif/source-call-id-unknown", () => {
    const bad = { ...agent, observation: { results: [{ source_call_id: "c9", content: "ok" }] } };
    expect(
      trajectoryRules(doc([user, bad])).map((f) => [f.code, f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
      [
        [
          "atif/source-call-id-unknown",
          "/steps/1/observation/results/0/source_call_id",
          "expected source_call_id to name a tool_call_id of the same step (c1), found "c9"",
        ],
      ]
    `);
  });

  it("atif/tool-call-id-duplicate", () => {
    const call = agent.tool_calls[0];
    expect(
      trajectoryRules(doc([user, { ...agent, tool_calls: [call, call] }])).map((f) => [f.code, f.pointer]),
    ).toMatchInlineSnapshot(`
        [
          [
            "atif/tool-call-id-duplicate",
            "/steps/1/tool_calls/1/tool_call_id",
          ],
        ]
      `);
  });

  it("atif/agent-only-field", () => {
    expect(
      trajectoryRules(doc([{ ...user, model_name: "m", metrics: null }, agent])).map((f) => [
        f.code,
        f.pointer,
        f.message,
      ]),
    ).toMatchInlineSnapshot(`
      [
        [
          "atif/agent-only-field",
          "/steps/0/model_name",
          "expected model_name only on agent steps, found it on a user step",
        ],
      ]
    `);
  });

  it("atif/zero-llm-calls-forbids", () => {
    const ok = { ...agent, llm_call_count: 0 };
    expect(trajectoryRules(doc([user, ok]))).toEqual([]);
    const bad = { ...ok, reasoning_content: "thinking", metrics: { prompt_tokens: 1 } };
    expect(
      trajectoryRules(doc([user, bad])).map((f) => [f.code, f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
      [
        [
          "atif/zero-llm-calls-forbids",
          "/steps/1/metrics",
          "expected no metrics on an agent step with llm_call_count 0, found one",
        ],
        [
          "atif/zero-llm-calls-forbids",
          "/steps/1/reasoning_content",
          "expected no reasoning_content on an agent step with llm_call_count 0, found one",
        ],
      ]
    `);
  });

  it("atif/timestamp-iso8601", () => {
    expect(trajectoryRules(doc([{ ...user, timestamp: "2025-01-31T12:00+02:00" }, agent]))).toEqual([]);
    expect(
      trajectoryRules(doc([{ ...user, timestamp: "31/01/2025 12:00" }, agent])).map((f) => [
        f.code,
        f.message,
      ]),
    ).toMatchInlineSnapshot(`
        [
          [
            "atif/timestamp-iso8601",
            "expected an iso 8601 date-time such as 2025-01-31T12:00:00Z, found "31/01/2025 12:00"",
          ],
        ]
      `);
  });
});
