import { describe, expect, it } from "vitest";
import { checkMessage, classify, semanticRules } from "./index.js";

describe("mira check and classification", () => {
  it("classifies lines as the seed does", () => {
    expect([classify({ id: 1, method: "list" }), classify({ method: "log" }), classify({ id: 1 })]).toEqual([
      "request",
      "notification",
      "response",
    ]);
  });

  it("has rules for every document type", () => {
    expect(Object.keys(semanticRules).sort()).toEqual(["message", "notification", "request", "response"]);
  });

  it("returns schema findings alone when the schema fails", () => {
    const result = checkMessage({ id: 1, result: null });
    expect(result.valid).toBe(false);
    expect(result.findings.some((f) => f.code.startsWith("mira/"))).toBe(false);
  });
});
