import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanCopy, editJson, editText, lintCopy } from "../../test/run-copy.js";
import { REFLECT, SEARCH_SPACE } from "../../test/search-space-text.js";
import { lintRunDirectory } from "./run-directory.js";

/** The clean run where iteration 1 ran REFLECT (reflection_1 of SEARCH_SPACE), then `change`. */
const reflected =
  (change: (dir: string) => void = () => {}) =>
  (dir: string): void => {
    writeFileSync(join(dir, "search_space.md"), SEARCH_SPACE);
    writeFileSync(join(dir, "iteration/iter_1/reflection_trace.md"), "REFLECT ran.\n");
    editJson(dir, "iteration/iter_1/record.json", (r) => (r.reflect = { ...REFLECT }));
    change(dir);
  };

describe("reflect blocks against search_space.md", () => {
  it("a run whose REFLECT matches search_space.md has no error (the live trace lags: warnings)", () => {
    const findings = lintRunDirectory(cleanCopy(reflected())).findings;
    expect([...new Set(findings.map((f) => `${f.severity} ${f.code}`))]).toEqual([
      "info myloop/history-unchecked",
      "warning myloop/lineage-reflect",
      "warning myloop/trace-cells",
    ]);
  });

  it("record-reflect: the named reflection section exists", () => {
    expect(lintCopy("record-reflect", reflected())).toEqual([]);
    const renamed = reflected((d) =>
      editJson(d, "iteration/iter_1/record.json", (r) => (r.reflect.reflection_id = "reflection_2")),
    );
    expect(lintCopy("record-reflect", renamed)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/record-reflect",
          "file": "iteration/iter_1/record.json",
          "message": "expected a "## reflection_2 (…)" section in search_space.md, found none",
          "pointer": "/reflect/reflection_id",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-reflect-consistency: trigger, status and frontier agree; every section is claimed", () => {
    expect(lintCopy("search-reflect-consistency", reflected())).toEqual([]);
    const reordered = reflected((d) =>
      editJson(d, "iteration/iter_1/record.json", (r) => {
        r.reflect.trigger = "concentration";
        r.reflect.frontier_axes = ["topology", "prompt-content"];
      }),
    );
    expect(lintCopy("search-reflect-consistency", reordered)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-reflect-consistency",
          "file": "iteration/iter_1/record.json",
          "message": "expected search_space.md's reflection_1 to match trigger concentration, status FRONTIER_OPEN and frontier [topology, prompt-content], found trigger heartbeat, frontier [prompt-content, topology]",
          "pointer": "/reflect",
          "severity": "error",
        },
      ]
    `);
    const exhausted = reflected((d) =>
      editJson(d, "iteration/iter_1/record.json", (r) => {
        r.reflect.status = "SPACE_EXHAUSTED";
        r.reflect.frontier_axes = [];
      }),
    );
    expect(lintCopy("search-reflect-consistency", exhausted).map((f) => f.message)).toMatchInlineSnapshot(`
      [
        "expected search_space.md's reflection_1 to match trigger heartbeat, status SPACE_EXHAUSTED and frontier [], found some open axis in the table, frontier [prompt-content, topology]",
      ]
    `);
    const unclaimed = reflected((d) => editJson(d, "iteration/iter_1/record.json", (r) => delete r.reflect));
    expect(lintCopy("search-reflect-consistency", unclaimed)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-reflect-consistency",
          "file": "search_space.md",
          "line": 14,
          "message": "expected reflection_1 claimed by exactly one record, found no record",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-reflection-after: REFLECT of record n audits up to n - 1", () => {
    expect(lintCopy("search-reflection-after", reflected())).toEqual([]);
    const late = reflected((d) =>
      editText(d, "search_space.md", (t) =>
        t.replace("after iter_0 · audited iter_0..iter_0", "after iter_1 · audited iter_0..iter_1"),
      ),
    );
    expect(lintCopy("search-reflection-after", late)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-reflection-after",
          "file": "search_space.md",
          "line": 14,
          "message": "expected reflection_1 after iter_0 (it is in record iter_1), found after iter_1",
          "pointer": "",
          "severity": "warning",
        },
      ]
    `);
  });
});
