import { describe, expect, it } from "vitest";
import { type Captures, match } from "./matchers.js";

const m = (e: unknown, a: unknown, c: Captures = new Map()) => match(e, a, c);

describe("match", () => {
  it("compares literals deeply and lets the actual carry extra keys", () => {
    expect(m({ a: 1, b: [1, "x"] }, { a: 1, b: [1, "x"], extra: true })).toEqual([]);
    expect(m({ a: 1 }, { a: 2 })).toEqual([{ pointer: "/a", expected: "1", actual: "2" }]);
    expect(m([1, 2], [1])).toEqual([{ pointer: "", expected: "array of 2", actual: "[1]" }]);
  });
  it("applies type, regex, any, absent and range matchers", () => {
    expect(m({ id: { $type: "integer" } }, { id: 3 })).toEqual([]);
    expect(m({ id: { $type: "integer" } }, { id: 1.5 })[0]?.expected).toBe("a integer");
    expect(m({ s: { $regex: "^run-[0-9]+$" } }, { s: "run-12" })).toEqual([]);
    expect(m({ s: { $regex: "^run-" } }, { s: "x" })).toHaveLength(1);
    expect(m({ s: { $any: true } }, { s: null })).toEqual([]);
    expect(m({ s: { $any: true } }, {})).toEqual([
      { pointer: "/s", expected: "any value", actual: "absent" },
    ]);
    expect(m({ error: { $absent: true } }, { result: 1 })).toEqual([]);
    expect(m({ error: { $absent: true } }, { error: {} })).toHaveLength(1);
    expect(m({ v: { $range: { min: 0, max: 1 } } }, { v: 0.5 })).toEqual([]);
    expect(m({ v: { $range: { min: 0, max: 1 } } }, { v: 2 })[0]?.expected).toBe("a number in 0..1");
  });
  it("binds a capture once and requires the same value later", () => {
    const c: Captures = new Map();
    expect(m({ id: { $capture: "run" } }, { id: 7 }, c)).toEqual([]);
    expect(m({ request_id: { $capture: "run" } }, { request_id: 7 }, c)).toEqual([]);
    expect(m({ request_id: { $capture: "run" } }, { request_id: 8 }, c)).toEqual([
      { pointer: "/request_id", expected: "7 (captured as run)", actual: "8" },
    ]);
  });
});
