import { describe, expect, it } from "vitest";
import { placeholderValues } from "./placeholder.js";

describe("placeholder-values", () => {
  it("rejects seed templates anywhere in the document, with their pointer", () => {
    const doc = {
      verdict: "confirmed | refuted | inconclusive",
      nested: { list: ["fine", "<one line>", "..."], other: "…" },
    };
    expect(placeholderValues(doc).map((f) => [f.code, f.pointer])).toEqual([
      ["myloop/placeholder-values", "/verdict"],
      ["myloop/placeholder-values", "/nested/list/1"],
      ["myloop/placeholder-values", "/nested/list/2"],
      ["myloop/placeholder-values", "/nested/other"],
    ]);
  });

  it("accepts real text that merely contains a pipe, brackets or an ellipsis", () => {
    const doc = { a: "success 0.41 | 0.43 over two passes", b: "use <br> tags sparingly", c: "wait..." };
    expect(placeholderValues(doc)).toEqual([]);
  });
});
