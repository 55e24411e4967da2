import { describe, expect, it } from "vitest";
import { printable } from "./printable.js";

describe("printable", () => {
  it("escapes NUL, ESC, DEL and C1 characters, keeps tab, newline and other text", () => {
    expect(printable("a\u0000b\u001b[31mc\u007fd\u0085e\tf\ng é")).toBe(
      "a\\u0000b\\u001b[31mc\\u007fd\\u0085e\tf\ng é",
    );
    expect(printable("a\nb", false)).toBe("a\\u000ab");
  });
});
