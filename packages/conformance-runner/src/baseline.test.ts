import { describe, expect, it } from "vitest";
import { applyBaseline, parseBaseline } from "./baseline.js";
import type { CheckResult } from "./verdicts.js";

const known = ["mira/a", "mira/b", "mira/c"];
const yaml = `implementation: some-study
expected-failures:
  - check: mira/a
    reason: drops trial ids (issue 12)
  - check: mira/b
    reason: fixed upstream
`;
const result = (name: string, status: CheckResult["status"]): CheckResult => ({
  name,
  code: name,
  meaning: "",
  requirements: ["mira/run-echo"],
  status,
  cites: "",
  summary: "",
  reason: "r",
});

describe("baselines", () => {
  it("turns a listed failure into xfail and fails a listed check that passes now", () => {
    const b = parseBaseline(yaml, "b.yaml", known);
    const out = applyBaseline(
      [result("mira/a", "fail"), result("mira/b", "pass"), result("mira/c", "pass")],
      b,
    );
    expect(out.map((c) => [c.name, c.status])).toEqual([
      ["mira/a", "xfail"],
      ["mira/b", "fail"],
      ["mira/c", "pass"],
    ]);
    expect(out[1]?.reason).toMatch(/passes now: remove it from the baseline/);
  });
  it("rejects unknown checks and entries without a reason", () => {
    expect(() => parseBaseline(yaml.replace("mira/a", "mira/zzz"), "b.yaml", known)).toThrow(
      /known checks, found mira\/zzz/,
    );
    expect(() =>
      parseBaseline("implementation: x\nexpected-failures:\n  - check: mira/a\n", "b.yaml", known),
    ).toThrow(/check and a reason/);
  });
  it("covers golden exchanges too: a failing exchange listed by its check name is xfail", () => {
    const b = parseBaseline(
      "implementation: x\nexpected-failures:\n  - check: exchange/run-greet\n    reason: greets in French\n",
      "b.yaml",
      [...known, "exchange/run-greet"],
    );
    const exchange = {
      ...result("exchange/run-greet", "fail"),
      mismatches: [{ step: 3, pointer: "/result", expected: "1", actual: "2" }],
    };
    const [out] = applyBaseline([exchange], b);
    expect([out?.status, out?.reason, out?.mismatches?.length]).toEqual([
      "xfail",
      "expected failure (greets in French): r",
      1,
    ]);
  });
});
