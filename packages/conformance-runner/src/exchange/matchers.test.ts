import { describe, expect, it } from "vitest";
import { type Captures, match } from "./matchers.js";

const m = (e: unknown, a: unknown, c: Captures = new Map(), strict = false) =>
  match(e, a, { captures: c, strict });

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
  it("refuses extra keys when strict (a strict consumer), and $exact forces that for one object", () => {
    expect(m({ a: 1 }, { a: 1, b: 2 }, new Map(), true)).toEqual([
      { pointer: "/b", expected: "absent (no unknown fields)", actual: "2" },
    ]);
    expect(m({ o: { $exact: { a: 1, n: { x: 1 } } } }, { o: { a: 1, n: { x: 1, y: 2 } }, extra: 1 })).toEqual(
      [{ pointer: "/o/n/y", expected: "absent (no unknown fields)", actual: "2" }],
    );
    expect(m({ o: { $exact: { a: 1 } } }, { o: { a: 1 } })).toEqual([]);
  });
  it("reads $literal as a literal, even with $-keys inside", () => {
    expect(m({ s: { $literal: { $type: "x" } } }, { s: { $type: "x" } })).toEqual([]);
    expect(m({ s: { $literal: { $type: "x" } } }, { s: "x" })).toEqual([
      { pointer: "/s", expected: '{"$type":"x"}', actual: '"x"' },
    ]);
  });
});
