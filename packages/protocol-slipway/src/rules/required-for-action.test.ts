import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkAction } from "./index.js";

const example = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../schemas/slipway/examples/${path}`, import.meta.url), "utf8"));

describe("slipway/required-for-action", () => {
  it("accepts every catalog key in catalog order", () => {
    expect(checkAction(example("action/issue-backed-orient.json")).valid).toBe(true);
  });

  it("reports a reordered or partial list", () => {
    const action = example("action/issue-backed-orient.json");
    action.requirements.required_for_action.reverse();
    expect(checkAction(action).findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "slipway/required-for-action",
          "/requirements/required_for_action",
          "expected the section keys in catalog order [outcome, requirements, acceptance-examples, constraints, non-goals], found [non-goals, constraints, acceptance-examples, requirements, outcome]",
        ],
      ]
    `);
    action.requirements.required_for_action = ["outcome"];
    expect(checkAction(action).findings).toHaveLength(1);
  });
});
