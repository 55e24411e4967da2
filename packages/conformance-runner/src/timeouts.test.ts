import { describe, expect, it } from "vitest";
import { ProgressDeadline } from "./timeouts.js";

describe("ProgressDeadline", () => {
  it("resets on progress but never passes the hard cap", () => {
    const d = new ProgressDeadline({ idleMs: 100, capMs: 250 });
    const t0 = Date.now();
    expect(d.remaining(t0)).toBeLessThanOrEqual(100);
    expect(d.remaining(t0 + 150)).toBe(0);
    expect(d.reason(t0 + 150)).toBe("no progress for 100 ms");
    d.progress();
    expect(d.remaining()).toBeGreaterThan(50);
    expect(d.remaining(t0 + 300)).toBe(0);
    expect(d.reason(t0 + 300)).toBe("hard cap of 250 ms reached");
  });
});
