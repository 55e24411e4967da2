import { describe, expect, it } from "vitest";
import { editJson, lintCopy } from "../../test/run-copy.js";

describe("spec-kind-size", () => {
  it("accepts a perf spec on a one-pass profile and a custom spec on a subset", () => {
    expect(lintCopy("spec-kind-size")).toEqual([]);
  });

  it("notes a perf spec on a subset profile and a probe on more than about 10 episodes", () => {
    const perf = (dir: string) =>
      editJson(dir, "iteration/iter_1/spec.json", (s) => (s.specs[0].kind = "perf"));
    expect(lintCopy("spec-kind-size", perf)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/spec-kind-size",
          "file": "iteration/iter_1/spec.json",
          "message": "expected a perf spec on a full-size profile (passes_required 1), found fm_premature_stop_iter1 with passes_required 3",
          "pointer": "/specs/0/kind",
          "severity": "info",
        },
      ]
    `);
    const probe = (dir: string) =>
      editJson(dir, "iteration/iter_1/spec.json", (s) => (s.specs[0].kind = "probe"));
    expect(lintCopy("spec-kind-size", probe).map((f) => f.message)).toMatchInlineSnapshot(`
      [
        "expected a probe on at most about 10 episodes, found 12 (fm_premature_stop_iter1)",
      ]
    `);
  });
});
