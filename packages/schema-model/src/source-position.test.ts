import { describe, expect, it } from "vitest";
import { locatePointers } from "./source-position.js";

const text = '{\n  "a": [1, {"b": 2}],\n  "c~/d": true\n}';

describe("locatePointers", () => {
  it("maps members to their key and items to their value", () => {
    const at = locatePointers(text, ["", "/a", "/a/1/b", "/a/0", "/c~0~1d"]);
    expect(Object.fromEntries(at)).toEqual({
      "": { line: 1, column: 1 },
      "/a": { line: 2, column: 3 },
      "/a/1/b": { line: 2, column: 13 },
      "/a/0": { line: 2, column: 9 },
      "/c~0~1d": { line: 3, column: 3 },
    });
  });

  it("puts a pointer to something absent on its deepest present ancestor", () => {
    expect(locatePointers(text, ["/a/1/missing"]).get("/a/1/missing")).toEqual({ line: 2, column: 12 });
  });

  it("locates inside text too deep for a tree parser (the scan does not recurse)", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    expect(locatePointers(deep, ["/0/0"]).get("/0/0")).toEqual({ line: 1, column: 3 });
  });

  it("falls back to the start of text neither the scan nor the located parser takes", () => {
    // a CR leaves lines to the parser, which refuses this depth
    const deep = `\r${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    expect(locatePointers(deep, ["/0/0"]).get("/0/0")).toEqual({ line: 1, column: 1 });
  });
});
