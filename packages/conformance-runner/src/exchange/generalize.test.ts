import { describe, expect, it } from "vitest";
import { generalize } from "./generalize.js";
import { match } from "./matchers.js";

describe("generalize", () => {
  it("captures ids, types volatile values and keeps the rest literal", () => {
    const recorded = {
      id: 4,
      result: {
        eval: "greet",
        passed: true,
        transcript: { timing: { duration_ms: 412 }, usage: { cost_usd: 0.0001, input_tokens: 3 } },
        run: "3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
        at: "2026-11-29T17:00:00Z",
        events: [{ request_id: 4 }],
        samples: [{ id: "hi" }],
      },
    };
    expect(generalize(recorded, { as: "runId", correlation: "/params/request_id" })).toEqual({
      id: { $capture: "runId" },
      result: {
        eval: "greet",
        passed: true,
        transcript: {
          timing: { duration_ms: { $type: "number" } },
          usage: { cost_usd: { $type: "number" }, input_tokens: 3 },
        },
        run: { $regex: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" },
        at: { $regex: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}" },
        events: [{ request_id: { $capture: "runId" } }],
        samples: [{ id: "hi" }],
      },
    });
  });

  it("records the protocol's meaning: a default as absent-or-default, a number as a number", () => {
    const defaults = new Map<string, unknown>([["trial", 0]]);
    const recorded = { id: 1, result: { trial: 0, trials: 2, usage: { cost_usd: 0 } } };
    const expected = generalize(recorded, { as: "r" }, "", 0, defaults);
    expect(expected).toEqual({
      id: { $capture: "r" },
      result: { trial: { $default: 0 }, trials: 2, usage: { cost_usd: { $type: "number" } } },
    });
    // another implementation that leaves trial out and reports a fractional cost matches
    const other = { id: 1, result: { trials: 2, usage: { cost_usd: 0.25 } } };
    expect(match(expected, other, { captures: new Map(), strict: false })).toEqual([]);
    expect(
      match(
        expected,
        { ...other, result: { ...other.result, trial: 1 } },
        { captures: new Map(), strict: false },
      ),
    ).toHaveLength(1);
  });
});
