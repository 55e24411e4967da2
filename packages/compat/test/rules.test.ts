import { describe, expect, it } from "vitest";
import { diffSchemaSets, RULES } from "../src/index.js";
import { memoryFile, memorySet, testEntry } from "./helpers.js";
import { type RuleCase, ruleCases } from "./rule-cases.js";

function run(c: RuleCase) {
  const files = (schema: typeof c.before, extra: string[], version: string) => [
    memoryFile(schema, "t.schema.json", version),
    ...extra.map((name) => memoryFile({}, name, version)),
  ];
  const older = memorySet("1.0", ...files(c.before, c.files?.[0] ?? [], "1.0"));
  const newer = memorySet("1.1", ...files(c.after, c.files?.[1] ?? [], "1.1"));
  return diffSchemaSets(older, newer, testEntry("minor-adds-optional", c.versionField ?? null), {
    onlyReachable: true,
  });
}

describe("the rule catalogue", () => {
  it("has at least 30 rules with unique kebab-case ids", () => {
    const ids = RULES.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(`compat/${id}`).toMatch(/^[a-z]+(-[a-z]+)*\/[a-z]+(-[a-z]+)*$/);
  });

  it("has a before/after case for every rule, and no case for a rule it lacks", () => {
    const covered = new Set(ruleCases.map((c) => c.rule));
    expect(RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
    expect([...covered].filter((id) => !RULES.some((r) => r.id === id))).toEqual([]);
  });

  it("marks exactly the annotation rules as invisible on the wire", () => {
    for (const r of RULES) {
      const none = Object.values(r.effects).every((e) => e === "ok");
      if (!r.wire) expect(none, r.id).toBe(true);
      if (!r.wire) expect(r.minorUnder, r.id).toEqual([]);
    }
  });
});

describe.each(ruleCases)("rule $rule", (c) => {
  it("is the one change its before/after pair produces, at the expected pointer", () => {
    const findings = run(c);
    expect(findings.map((f) => f.rule).sort()).toEqual((c.rules ?? [c.rule]).sort());
    const mine = findings.find((f) => f.rule === c.rule);
    expect(mine?.code).toBe(`compat/${c.rule}`);
    expect(mine?.pointer).toBe(c.pointer);
    expect(mine?.message).toMatch(/^[a-z$"#0-9]/);
  });

  it("finds nothing when a version is compared with itself", () => {
    const same = memorySet("1.0", c.after);
    expect(diffSchemaSets(same, memorySet("1.1", c.after), testEntry()).map((f) => f.rule)).toEqual([]);
  });
});
