import { describe, expect, it } from "vitest";
import { lintConstraints } from "./constraints.js";

const GOOD = `# Constraints

## --- from common.md ---

## Model choice

- MUST keep planner_llm on the graph's configured model
- **MUST NOT** add a second LLM call per step
  unless it is a verifier (continuation of the bullet)

<!-- - free text in a comment is not a bullet -->
`;
const lint = (text: string, rule: string) => lintConstraints(text).filter((f) => f.code === `myloop/${rule}`);

describe("constraints.md (markdown-rules § 3)", () => {
  it("accepts a titled, grouped, modal file", () => {
    expect(lintConstraints(GOOD)).toEqual([]);
    expect(lintConstraints("## --- from flag ---\n\n- MUST stay on MapGPT72\n")).toEqual([]);
  });

  it("constraints-title", () => {
    expect(
      lint("Hard rules\n\n## Topology\n\n- MUST keep one planner\n", "constraints-title"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/constraints-title",
          "file": "constraints.md",
          "line": 1,
          "message": "expected "# Constraints" or a layer header "## --- from <source> ---" first, found "Hard rules"",
          "pointer": "",
          "severity": "warning",
        },
      ]
    `);
  });

  it("constraints-layer-header", () => {
    expect(
      lint(GOOD.replace("## --- from common.md ---", "## --- common.md ---"), "constraints-layer-header"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/constraints-layer-header",
          "file": "constraints.md",
          "line": 3,
          "message": "expected a layer header "## --- from <source> ---", found "## --- common.md ---"",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("constraints-modal", () => {
    expect(lint(GOOD.replace("- MUST keep", "- Keep"), "constraints-modal")).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/constraints-modal",
          "file": "constraints.md",
          "line": 7,
          "message": "expected the bullet to start with MUST or MUST NOT, found "Keep planner_llm on the graph's configur"",
          "pointer": "",
          "severity": "warning",
        },
      ]
    `);
  });

  it("constraints-grouped", () => {
    expect(lint("# Constraints\n\n- MUST keep one planner\n", "constraints-grouped")).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/constraints-grouped",
          "file": "constraints.md",
          "line": 3,
          "message": "expected every bullet under a ## group or layer header, found one before any",
          "pointer": "",
          "severity": "warning",
        },
      ]
    `);
  });

  it("constraints-nonempty", () => {
    expect(lint("# Constraints\n\n## Model choice\n", "constraints-nonempty")).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/constraints-nonempty",
          "file": "constraints.md",
          "line": 1,
          "message": "expected at least one constraint bullet, found none",
          "pointer": "",
          "severity": "warning",
        },
      ]
    `);
  });
});
