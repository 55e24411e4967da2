import { describe, expect, it } from "vitest";
import { SEARCH_SPACE } from "../../test/search-space-text.js";
import { lintSearchSpace } from "./search-space-rules.js";

const lint = (change: (text: string) => string, rule: string) =>
  lintSearchSpace(change(SEARCH_SPACE), 1).filter((f) => f.code === `myloop/${rule}`);
const same = (t: string) => t;

describe("search_space.md rules (markdown-rules § 4)", () => {
  it("accept a well-formed file with one reflection", () => {
    expect(lintSearchSpace(SEARCH_SPACE, 1)).toEqual([]);
  });

  it("search-axes-section", () => {
    expect(lint(same, "search-axes-section")).toEqual([]);
    const moved = (t: string) => t.replace("## Axes\n", "## Notes\n").concat("\n## Axes\n");
    expect(lint(moved, "search-axes-section")).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-axes-section",
          "file": "search_space.md",
          "line": 36,
          "message": "expected a "## Axes" section before every reflection section, found it after one",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-axis-bullet", () => {
    expect(lint(same, "search-axis-bullet")).toEqual([]);
    expect(
      lint(
        (t) => t.replace("- topology: seed axis", "- topology: seed axis\n- Topology is next"),
        "search-axis-bullet",
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-axis-bullet",
          "file": "search_space.md",
          "line": 7,
          "message": "expected a bullet "<axis-name>: …" with a new kebab-case name other than none, found "Topology is next"",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-axes-seeded", () => {
    expect(lint(same, "search-axes-seeded")).toEqual([]);
    expect(
      lint((t) => t.replace("- action-space: seed axis\n", ""), "search-axes-seeded"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-axes-seeded",
          "file": "search_space.md",
          "line": 3,
          "message": "expected the seven seed axes under ## Axes, found action-space missing",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-axis-added", () => {
    expect(lint(same, "search-axis-added")).toEqual([]);
    // sub-bullets under an added axis belong to it; the marker ends the axis's own line
    const withSubs = (t: string) =>
      t.replaceAll(
        "distinct from state-memory (added: iter_1)",
        "distinct from state-memory (added: iter_1)\n  - definition: what is recalled\n  - examples: top-k viewpoints",
      );
    expect(lintSearchSpace(withSubs(SEARCH_SPACE), 1)).toEqual([]);
    expect(
      lint(
        (t) => t.replace("state-memory (added: iter_1)\n\n##", "state-memory (added: iter_3)\n\n##"),
        "search-axis-added",
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-axis-added",
          "file": "search_space.md",
          "line": 12,
          "message": "expected the added axis retrieval-memory to end with (added: iter_n), n ≤ 2, found iter_3",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-reflection-heading", () => {
    expect(lint(same, "search-reflection-heading")).toEqual([]);
    expect(
      lint((t) => t.replace("audited iter_0..iter_0", "audited iter_0..iter_1"), "search-reflection-heading"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-reflection-heading",
          "file": "search_space.md",
          "line": 14,
          "message": "expected audited iter_a..iter_b with a ≤ b = after (iter_0), found iter_0..iter_1",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
    expect(
      lint((t) => t.replace("(trigger: heartbeat ·", "(trigger: heartbeat -"), "search-reflection-heading"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-reflection-heading",
          "file": "search_space.md",
          "line": 14,
          "message": "expected "## reflection_{k} (trigger: … · after iter_{n} · audited iter_{a}..iter_{n})", found "## reflection_1 (trigger: heartbeat - after iter_0 · audited iter_0..iter_0)"",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-reflection-sequence", () => {
    expect(lint(same, "search-reflection-sequence")).toEqual([]);
    const twice = (t: string) =>
      `${t}\n${t.slice(t.indexOf("## reflection_1")).replace("reflection_1", "reflection_0")}`;
    expect(lint(twice, "search-reflection-sequence")).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-reflection-sequence",
          "file": "search_space.md",
          "line": 36,
          "message": "expected reflection numbers increasing in file order, found reflection_0 after reflection_1",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-coverage-table", () => {
    expect(lint(same, "search-coverage-table")).toEqual([]);
    // the seed's own notations for iteration references
    for (const iters of ["iter_0..1", "iter_0..iter_1", "iter_0/1", "iter_0, iter_1"])
      expect(
        lint((t) => t.replace("| partial | iter_0 |", `| partial | ${iters} |`), "search-coverage-table"),
      ).toEqual([]);
    expect(
      lint((t) => t.replace("| partial | iter_0 |", "| partial | iter_x |"), "search-coverage-table").length,
    ).toBe(1);
    expect(
      lint((t) => t.replace("| topology | untouched |", "| topology | open |"), "search-coverage-table"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-coverage-table",
          "file": "search_space.md",
          "line": 19,
          "message": "expected one row per axis with status untouched|partial|exhausted|closed and iters — or iter_n, found status open",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
    expect(
      lint(
        (t) => t.replace("| retrieval-memory | untouched | — | new this reflection |\n", ""),
        "search-coverage-table",
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-coverage-table",
          "file": "search_space.md",
          "line": 16,
          "message": "expected a row for every axis that existed at reflection_1, found retrieval-memory missing",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-frontier", () => {
    expect(lint(same, "search-frontier")).toEqual([]);
    expect(
      lint((t) => t.replace("2. **topology**", "2. **action-space**"), "search-frontier"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-frontier",
          "file": "search_space.md",
          "line": 30,
          "message": "expected a frontier axis listed once with status untouched or partial in the table, found action-space",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("search-extensions", () => {
    expect(lint(same, "search-extensions")).toEqual([]);
    const notAppended = (t: string) =>
      t.replace(/^- retrieval-memory.*\n\n## reflection/m, "\n## reflection");
    expect(lint(notAppended, "search-extensions")).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/search-extensions",
          "file": "search_space.md",
          "line": 33,
          "message": "expected retrieval-memory also under ## Axes with (added: iter_1), found it missing there",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });
});
