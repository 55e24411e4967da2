import { describe, expect, it } from "vitest";
import { formatLocation, lineColumnAt } from "./location.js";

describe("lineColumnAt", () => {
  const text = '{\n  "a": 1,\n  "b": x\n}';

  it("is 1-based on the first line", () => {
    expect(lineColumnAt(text, 0)).toEqual({ line: 1, column: 1 });
  });

  it("finds a position after several newlines", () => {
    expect(lineColumnAt(text, text.indexOf("x"))).toEqual({ line: 3, column: 8 });
  });

  it("clamps offsets past the end", () => {
    expect(lineColumnAt(text, 999)).toEqual({ line: 4, column: 2 });
  });
});

describe("formatLocation", () => {
  it("prints file:line:column and degrades without a position", () => {
    expect(formatLocation("a.json", { line: 2, column: 5 })).toBe("a.json:2:5");
    expect(formatLocation("a.json", { line: 2 })).toBe("a.json:2");
    expect(formatLocation("a.json")).toBe("a.json");
  });
});
