import type { Finding } from "@keel/diagnostics";
import { describe, expect, it } from "vitest";
import { type ProtocolModule, withRules } from "./protocols.js";

const finding = (code: string, pointer: string): Finding => ({
  code,
  severity: "error",
  message: code,
  pointer,
});
const moduleWith = (rules: (doc: unknown) => Finding[]): ProtocolModule => ({
  documentTypes: {},
  semanticRules: { t: rules },
});

describe("withRules: protocol rules on a document the schema refused", () => {
  it("keeps rule findings away from the schema errors, drops those at, under or above them", () => {
    const rules = () => [
      finding("rule/far", "/steps/4/metrics"),
      finding("rule/at", "/agent/version"),
      finding("rule/under", "/agent/version/x"),
      finding("rule/above", "/agent"),
      finding("rule/document", ""),
    ];
    const result = withRules(moduleWith(rules), "t", {}, [finding("schema/type", "/agent/version")]);
    expect(result.valid).toBe(false);
    expect(result.findings.map((f) => f.code)).toEqual(["schema/type", "rule/far", "rule/document"]);
  });

  it("says the rules did not run when they cannot read the broken shape", () => {
    const rules = () => {
      throw new TypeError("cannot read properties of undefined");
    };
    const result = withRules(moduleWith(rules), "t", {}, [finding("schema/type", "")]);
    expect(result.findings.map((f) => `${f.code} ${f.severity}`)).toEqual([
      "schema/type error",
      "validate/rules-not-run info",
    ]);
  });
});
