import { describe, expect, it } from "vitest";
import { fragmentToPointer, getAtPointer, joinPointer, splitPointer } from "./pointer.js";

describe("JSON pointers", () => {
  it("escapes ~ and / in tokens and round-trips them", () => {
    const p = joinPointer("", "a/b", "c~d", 0);
    expect(p).toBe("/a~1b/c~0d/0");
    expect(splitPointer(p)).toEqual(["a/b", "c~d", "0"]);
  });

  it("reads values, including falsy ones, and says undefined for missing steps", () => {
    const doc = { a: [{ b: 0 }, null], "x/y": false };
    expect(getAtPointer(doc, "/a/0/b")).toBe(0);
    expect(getAtPointer(doc, "/x~1y")).toBe(false);
    expect(getAtPointer(doc, "/a/1/b")).toBeUndefined();
    expect(getAtPointer(doc, "/a/5")).toBeUndefined();
    expect(getAtPointer(doc, "")).toBe(doc);
  });

  it("does not walk into inherited properties", () => {
    expect(getAtPointer({}, "/constructor")).toBeUndefined();
  });

  it("rejects text that is not a pointer", () => {
    expect(() => splitPointer("a/b")).toThrow(/not a JSON pointer/);
  });

  it("decodes percent-encoded URI fragments", () => {
    expect(fragmentToPointer("#/$defs/A%20B")).toBe("/$defs/A B");
    expect(fragmentToPointer("#")).toBe("");
  });
});
