import { describe, expect, it } from "vitest";
import { jsonType } from "./json-type.js";
import { escapeToken, unescapeToken } from "./pointer.js";
import { show } from "./show.js";

describe("show", () => {
  it("prints JSON, cut at max code points with an ellipsis", () => {
    expect(show({ a: [1, "x"] })).toBe('{"a":[1,"x"]}');
    expect(show("abcdef", 5)).toBe('"abc…');
    expect(show(`${"😀".repeat(10)}`, 4)).toBe('"😀😀…');
    expect(show(undefined)).toBe("unset");
    expect(show("😀".repeat(100), 10)).toBe(`"${"😀".repeat(8)}…`);
    expect(show("x".repeat(100), 10)).toBe(`"${"x".repeat(8)}…`);
  });
});

describe("JSON Pointer tokens", () => {
  it("escape ~ before / and unescape in the reverse order", () => {
    expect(escapeToken("a/b~c")).toBe("a~1b~0c");
    expect(escapeToken(3)).toBe("3");
    expect(unescapeToken("a~1b~0c")).toBe("a/b~c");
    expect(unescapeToken("~01")).toBe("~1");
  });
});

describe("jsonType", () => {
  it("names JSON Schema types, integers apart from other numbers", () => {
    expect([1, 1.5, null, [], {}, "s", true].map(jsonType)).toEqual([
      "integer",
      "number",
      "null",
      "array",
      "object",
      "string",
      "boolean",
    ]);
  });
});
