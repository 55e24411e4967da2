import { describe, expect, it } from "vitest";
import { checkNotification } from "./index.js";

const event = (extra: object) => ({
  method: "event",
  params: { eval: "e", sample: "s", target: "t", ...extra },
});

describe("mira/event-detail", () => {
  it("accepts defined kinds with their detail, and unknown kinds without one", () => {
    expect(checkNotification(event({ kind: "tool_call", tool: "bash" }))).toEqual({
      valid: true,
      findings: [],
    });
    expect(checkNotification(event({ kind: "budget_warning" }))).toEqual({ valid: true, findings: [] });
  });

  it("warns when a turn event has no turn index (the line stays valid)", () => {
    const result = checkNotification(event({ kind: "turn", turn: null }));
    expect(result.valid).toBe(true);
    expect(result.findings.map((f) => [f.code, f.severity, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "mira/event-detail",
          "warning",
          "/params/turn",
          "expected a turn event to carry turn, found none",
        ],
      ]
    `);
  });
});
