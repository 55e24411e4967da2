import { describe, expect, it } from "vitest";
import { catalogue } from "./catalogue.js";
import { diagnosticsCodes } from "./codes.js";

describe("diagnosticsCodes", () => {
  it("describes every catalogue code once, with an example built from its message template", () => {
    const codes = diagnosticsCodes.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of Object.keys(catalogue)) expect(codes).toContain(code);
    expect(diagnosticsCodes.find((d) => d.code === "io/not-found")?.example).toBe(
      "expected a readable file at <path>, found nothing there",
    );
  });

  it("has one code per JSON Schema keyword, citing the clause that defines it", () => {
    expect(diagnosticsCodes.find((d) => d.code === "schema/max-length")?.meaning).toMatch(
      /`maxLength` keyword .*JSON Schema 2020-12 Validation § 6\.3\.1/,
    );
  });
});
