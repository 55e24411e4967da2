import { describe, expect, it } from "vitest";
import { endAnchored } from "./dialects.js";
import { formatJson } from "./json.js";

describe("dialect probes", () => {
  it("probe only patterns whose last `$` is an unescaped end anchor", () => {
    expect(["^1\\.[0-9]+$", "^a$", "^a\\\\$"].map(endAnchored)).toEqual([true, true, true]);
    expect(["^a\\$", "^a", "a$b"].map(endAnchored)).toEqual([false, false, false]);
  });

  it("write a raw number token as its own text, which JSON.parse reads back as the document's value", () => {
    const doc = { a: { n: 2 ** 53 }, b: 3, c: 0 };
    const raw = [
      { path: ["a", "n"], text: "9007199254740993" },
      { path: ["b"], text: "3.0" },
      { path: ["c"], text: "-0" },
    ];
    const text = formatJson(doc, raw);
    expect(text).toContain('"n": 9007199254740993');
    expect(text).toContain('"b": 3.0');
    expect(text).toContain('"c": -0');
    expect(JSON.parse(text)).toEqual({ a: { n: 2 ** 53 }, b: 3, c: -0 });
  });

  it("write a lone surrogate as a \\ud800 escape, so the file is valid UTF-8", () => {
    const text = formatJson({ s: "x\ud800" });
    expect(text).toContain("x\\ud800");
    expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
  });
});
