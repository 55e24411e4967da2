import { describe, expect, it } from "vitest";
import { lintGoal } from "./goal.js";

const good = `# Goal

## Ultimate
Raise success to 0.5.

## Escalation
Widen the frontier after three inert iterations.

## Termination
- success ≥ 0.5 (goal-achieved)
- 40 GPU hours (budget)
`;
const codes = (text: string | undefined) => lintGoal(text).map((f) => `${f.code}@${f.line ?? ""}`);

describe("goal.md", () => {
  it("accepts the three non-empty sections", () => expect(lintGoal(good)).toEqual([]));
  it("goal-exists", () => expect(codes(undefined)).toEqual(["myloop/goal-exists@"]));
  it("goal-title", () => expect(codes(good.replace("# Goal", "# Aim"))).toEqual(["myloop/goal-title@1"]));
  it("goal-title quotes the heading it found", () => {
    const message = (text: string) => lintGoal(text).find((f) => f.code === "myloop/goal-title")?.message;
    expect(message(good.replace("# Goal", "# Aim"))).toBe(
      'expected exactly one "# Goal" before any section, found "# Aim" at line 1',
    );
    expect(message(good.replace("# Goal\n", ""))).toBe(
      'expected exactly one "# Goal" before any section, found no level-1 heading',
    );
  });
  it("goal-sections: a partial goal", () =>
    expect(codes(good.replace("## Escalation", "## Notes"))).toEqual([
      "myloop/goal-sections@",
      "myloop/goal-extra-section@6",
    ]));
  it("goal-sections-nonempty ignores comments", () =>
    expect(codes(good.replace("Raise success to 0.5.", "<!-- fill in -->"))).toEqual([
      "myloop/goal-sections-nonempty@3",
    ]));
  it("goal-placeholder", () =>
    expect(codes(good.replace("Raise success to 0.5.", "<ultimate goal>"))).toEqual([
      "myloop/goal-placeholder@3",
    ]));
  it("goal-termination-list", () => {
    expect(codes(good.replace(/- success.*\n- 40.*\n/, "Stop when done.\n"))).toEqual([
      "myloop/goal-termination-list@9",
    ]);
    expect(lintGoal(good.replace("(budget)", "(tired)")).map((f) => [f.code, f.severity])).toEqual([
      ["myloop/goal-termination-list", "warning"],
    ]);
  });
});
