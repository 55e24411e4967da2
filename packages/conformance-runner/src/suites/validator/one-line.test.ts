import { describe, expect, it } from "vitest";
import { oneLine } from "./one-line.js";

describe("oneLine", () => {
  it("drops whitespace between tokens and keeps numbers and escapes as written", () => {
    const text =
      '{\n  "a": 3.0,\n  "b": -0,\n  "c": "x \\" y\\ud800\\n",\n  "d": [ 18446744073709551616 ]\n}\n';
    expect(oneLine(text)).toBe('{"a":3.0,"b":-0,"c":"x \\" y\\ud800\\n","d":[18446744073709551616]}');
  });
});
