import { describe, expect, it } from "vitest";
import { editJson, lintCopy } from "../../test/run-copy.js";

const override = (critique_id: string) => (dir: string) =>
  editJson(dir, "iteration/iter_1/spec.json", (s) => {
    s.specs[1].block_override = {
      critique_id,
      rebuttal: "The verifier only runs on STOP, so it cannot churn other steps.",
    };
  });

describe("spec-block-override-ref", () => {
  it("accepts an override of the spec's own stored BLOCK critique", () => {
    expect(lintCopy("spec-block-override-ref")).toEqual([]);
    expect(lintCopy("spec-block-override-ref", override("critique_iter_1_spec_iter_1_B_round_1"))).toEqual(
      [],
    );
  });

  it("reports an override naming a critique of another spec or none", () => {
    expect(
      lintCopy("spec-block-override-ref", override("critique_iter_1_spec_iter_1_A_round_1")),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/spec-block-override-ref",
          "file": "iteration/iter_1/spec.json",
          "message": "expected block_override.critique_id to name a stored BLOCK critique of spec_iter_1_B, found no critique critique_iter_1_spec_iter_1_A_round_1 in critique_spec_iter_1_B_round_1.json or critique_spec_iter_1_B.json",
          "pointer": "/specs/1/block_override/critique_id",
          "severity": "error",
        },
      ]
    `);
  });
});
