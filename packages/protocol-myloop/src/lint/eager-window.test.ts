import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editText, lintCopy } from "../../test/run-copy.js";

describe("commit-eager-window", () => {
  it("accepts references up to the in-flight iteration, and ignores markdown comments", () => {
    const change = (dir: string) => {
      editText(dir, "search_space.md", (t) => `${t}<!-- revisit in iter_9 -->\n`);
      editText(dir, "experiment_design.yaml", (t) =>
        t.replace("# Added by THINK in iter_1", "# Added by THINK in iter_2"),
      );
    };
    expect(lintCopy("commit-eager-window", change)).toEqual([]);
  });

  it("reports a working-memory file naming an iteration beyond last + 1", () => {
    const change = (dir: string) => {
      editText(dir, "experiment_design.yaml", (t) =>
        t.replace("from run 20260515_130940.", "from run 20260515_130940 (see iter_4)."),
      );
      mkdirSync(join(dir, "tools"));
      writeFileSync(join(dir, "tools/failing_eps.py"), '"""Failing episodes.\n\nCreated: iter_3.\n"""\n');
    };
    expect(lintCopy("commit-eager-window", change)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/commit-eager-window",
          "file": "experiment_design.yaml",
          "line": 29,
          "message": "expected references to iterations up to iter_2 (last committed + 1), found iter_4",
          "pointer": "",
          "severity": "error",
        },
        {
          "code": "myloop/commit-eager-window",
          "file": "tools/failing_eps.py",
          "line": 3,
          "message": "expected references to iterations up to iter_2 (last committed + 1), found iter_3",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });
});
