import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock.js";
import { ProgressDeadline } from "./timeouts.js";

describe("ProgressDeadline", () => {
  it("resets on progress but never passes the hard cap", () => {
    const clock = new ManualClock();
    const d = new ProgressDeadline({ idleMs: 100, capMs: 250 }, clock);
    expect(d.remaining()).toBe(100);
    clock.advance(150);
    expect(d.remaining()).toBe(0);
    expect(d.reason()).toBe("no answer within 100 ms (raise --timeout)");
    d.progress();
    expect(d.remaining()).toBe(100);
    clock.advance(80);
    d.progress();
    expect(d.remaining()).toBe(20); // the cap, not the idle limit, is nearer now
    clock.advance(20);
    expect(d.remaining()).toBe(0);
    expect(d.reason()).toBe("no answer within the hard cap of 250 ms (raise --timeout)");
  });
});
