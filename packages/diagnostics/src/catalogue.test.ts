import { describe, expect, it } from "vitest";
import { catalogue, finding, schemaKeywordCode } from "./catalogue.js";

describe("catalogue", () => {
  it("uses namespaced kebab-case codes and lowercase summaries", () => {
    for (const [code, spec] of Object.entries(catalogue)) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*\/[a-z]+(-[a-z]+)*$/);
      expect(spec.summary[0]).toBe(spec.summary[0]?.toLowerCase());
    }
  });

  it("builds a located finding with the catalogued message", () => {
    expect(
      finding("json/syntax", { detail: "found '}' at 3:7" }, { pointer: "/a", line: 3, column: 7 }),
    ).toMatchInlineSnapshot(`
        {
          "code": "json/syntax",
          "column": 7,
          "line": 3,
          "message": "expected valid JSON, found '}' at 3:7",
          "pointer": "/a",
          "severity": "error",
        }
      `);
  });

  it("omits absent location fields instead of writing undefined", () => {
    const f = finding("io/not-found", { path: "x.json" });
    expect(Object.keys(f).sort()).toEqual(["code", "message", "pointer", "severity"]);
  });

  it("turns JSON Schema keywords into kebab-case codes", () => {
    expect(schemaKeywordCode("maxLength")).toBe("schema/max-length");
    expect(schemaKeywordCode("additionalProperties")).toBe("schema/additional-properties");
    expect(schemaKeywordCode("$ref")).toBe("schema/ref");
    expect(schemaKeywordCode("type")).toBe("schema/type");
  });
});
