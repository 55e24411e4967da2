import { expect, test } from "vitest";
import { foldNotPattern } from "./not-pattern.js";

const argv = {
  type: "string",
  minLength: 1,
  pattern: "^[^\\u0000]+$",
  not: { pattern: "^\\s*(FILE|<[\\s\\S]*>)\\s*$" },
};

test("joins a string's not-pattern to its pattern: the same strings pass", () => {
  const node = structuredClone(argv) as Record<string, unknown>;
  foldNotPattern(node);
  expect(node.not).toBeUndefined();
  const joined = new RegExp(node.pattern as string, "u");
  const own = new RegExp(argv.pattern, "u");
  const not = new RegExp(argv.not.pattern, "u");
  for (const s of ["slipway", "FILE", " FILE ", "<path>", "x<path>", "", "a\u0000b", "FILES", "--root", "😀"])
    expect(joined.test(s), JSON.stringify(s)).toBe(own.test(s) && !not.test(s));
});

test("an anchored not-pattern is tried at the start only, a top-level alternative anywhere", () => {
  const node = structuredClone(argv) as Record<string, unknown>;
  foldNotPattern(node);
  expect(node.pattern).toBe(`^(?!(?:${argv.not.pattern}))(?:${argv.pattern})`);
  const split: Record<string, unknown> = { type: "string", not: { pattern: "^a|b" } };
  foldNotPattern(split);
  expect(split.pattern).toBe("^(?![\\s\\S]*?(?:^a|b))");
  expect(["xb", "xa", "a"].map((s) => new RegExp(split.pattern as string, "u").test(s))).toEqual([
    false,
    true,
    false,
  ]);
});

test("an unanchored not-pattern is searched for anywhere", () => {
  const node: Record<string, unknown> = { type: "string", not: { pattern: "a|b" } };
  foldNotPattern(node);
  const joined = new RegExp(node.pattern as string, "u");
  expect(["xxa", "b", "c", ""].map((s) => joined.test(s))).toEqual([false, false, true, true]);
});

test("leaves what it cannot join exactly", () => {
  const cases = [
    { ...argv, type: ["string", "null"] },
    { ...argv, not: { pattern: "x", minLength: 2 } },
    { ...argv, not: { pattern: "(a)\\1" } },
  ];
  for (const c of cases) {
    const node = structuredClone(c) as Record<string, unknown>;
    foldNotPattern(node);
    expect(node).toEqual(c);
  }
});
