import { describe, expect, it } from "vitest";
import { resultErrorExclusive } from "./response.js";

describe("mira/result-error-exclusive", () => {
  it("accepts a result beside a null error, and an error beside a null result", () => {
    expect(resultErrorExclusive({ id: 1, result: {}, error: null })).toEqual([]);
    expect(resultErrorExclusive({ id: 1, result: null, error: { message: "cancelled" } })).toEqual([]);
  });

  it("reports neither and both", () => {
    const findings = [
      ...resultErrorExclusive({ id: 1, result: null }),
      ...resultErrorExclusive({ id: 1, result: 0, error: { message: "x" } }),
    ];
    expect(findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "mira/result-error-exclusive",
          "",
          "expected exactly one non-null result or error, found neither",
        ],
        [
          "mira/result-error-exclusive",
          "",
          "expected exactly one non-null result or error, found both",
        ],
      ]
    `);
  });
});
