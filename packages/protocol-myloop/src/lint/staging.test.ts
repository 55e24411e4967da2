import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanCopy, editJson } from "../../test/run-copy.js";
import { lintStaging } from "./staging.js";

const staged = (change: (doc: Record<string, unknown>) => void) =>
  cleanCopy((dir) => {
    mkdirSync(join(dir, ".staging/iter_2"), { recursive: true });
    cpSync(join(dir, "iteration/iter_1/spec.json"), join(dir, ".staging/iter_2/spec.json"));
    cpSync(
      join(dir, "iteration/iter_1/critique_spec_iter_1_A.json"),
      join(dir, ".staging/iter_2/critique_spec_iter_2_A.json"),
    );
    editJson(dir, ".staging/iter_2/spec.json", change);
  });

describe("schema-valid for staged files", () => {
  it("schema-checks staged JSON and nothing else (iter 1 in an iter_2 folder is fine)", () => {
    expect(
      lintStaging(
        staged(() => {}),
        1,
      ),
    ).toEqual([]);
  });

  it("reports schema findings of a staged spec", () => {
    expect(
      lintStaging(
        staged((s) => delete s.iter),
        1,
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "schema/required",
          "file": ".staging/iter_2/spec.json",
          "message": "expected required property "iter" in the document, found it missing",
          "pointer": "/iter",
          "severity": "error",
        },
      ]
    `);
  });
});
