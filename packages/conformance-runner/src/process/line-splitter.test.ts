import { describe, expect, it } from "vitest";
import { LineSplitter } from "./line-splitter.js";

describe("LineSplitter", () => {
  it("joins chunks into lines and reports an over-long line once, dropping its rest", () => {
    const got: [string, boolean][] = [];
    const s = new LineSplitter(10, (l, tooLong) => got.push([l, tooLong]));
    s.push('{"a"');
    s.push(":1}\nshort\r\n");
    s.push("x".repeat(8));
    s.push("y".repeat(30));
    s.push("zz\nlast");
    s.end();
    expect(got).toEqual([
      ['{"a":1}', false],
      ["short", false],
      [`${"x".repeat(8)}${"y".repeat(30)}`.slice(0, 200), true],
      ["last", false],
    ]);
  });
});
