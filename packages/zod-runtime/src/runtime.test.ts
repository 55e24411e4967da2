import { describe, expect, test } from "vitest";
import { z } from "zod";
import { compileOnUse } from "./compile-on-use.js";
import { anyOf, oneOf } from "./guarded-union.js";
import {
  countMatching,
  extraKeysOk,
  isMultipleOf,
  isObject,
  isUnique,
  itemsFrom,
  jsonEqual,
} from "./json.js";
import { alsoMatches, holds, integer, rule } from "./rule.js";
import { codePoints, maxChars, minChars } from "./strings.js";

const A = "\u{1F600}"; // one code point, two UTF-16 units

describe("checks report JSON Schema's keyword", () => {
  test("rule: one custom issue naming the keyword, none once the value already failed", () => {
    const even = z.number().check(rule("multipleOf", "expected an even number", (v: number) => v % 2 === 0));
    const issues = even.safeParse(3).error?.issues;
    expect(issues).toHaveLength(1);
    expect(issues?.[0]).toMatchObject({
      code: "custom",
      message: "expected an even number",
      params: { keyword: "multipleOf" },
    });
    expect(even.safeParse("3").error?.issues).toHaveLength(1);
  });

  test("integer: any whole number, beyond 2^53 too", () => {
    const int = z.number().check(integer);
    expect([1, -0, 1e21, 2 ** 53 + 2, 1.5].map((v) => int.safeParse(v).success)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  test("holds runs a subschema in place without throwing", () => {
    expect(holds(z.string(), "a")).toBe(true);
    expect(holds(z.string(), 1)).toBe(false);
    expect(() =>
      holds(
        z.string().refine(async () => true),
        "a",
      ),
    ).toThrow(/synchronous/);
  });

  test("alsoMatches changes the inferred type only", () => {
    const schema = alsoMatches<{ extra?: number }>()(z.object({ a: z.string() }));
    const value: { a: string; extra?: number } = schema.parse({ a: "x" });
    expect(value).toEqual({ a: "x" });
  });
});

describe("lengths count code points", () => {
  test("codePoints, minChars, maxChars", () => {
    expect([codePoints(A), codePoints("ab"), codePoints("\uD800\uD800")]).toEqual([1, 2, 2]);
    const between = z.string().check(minChars(2)).check(maxChars(3));
    expect(
      [A, A + A, A + A + A, A + A + A + A, "ab", "abcd"].map((v) => between.safeParse(v).success),
    ).toEqual([false, true, true, false, true, false]);
    expect(z.string().check(minChars(1)).safeParse("").error?.issues[0]?.message).toBe(
      "expected at least 1 character (code points)",
    );
  });
});

describe("JSON values as ajv compares them", () => {
  test("jsonEqual: deep, key order free, arrays apart from objects", () => {
    expect(jsonEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(1, "1")).toBe(false);
  });

  test("isObject, isUnique, itemsFrom, isMultipleOf", () => {
    expect([isObject({}), isObject([]), isObject(null)]).toEqual([true, false, false]);
    expect([
      isUnique([1, { a: 1 }, { a: 2 }]),
      isUnique([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ]).toEqual([true, false]);
    expect([
      itemsFrom([1, "a", "b"], 1, (v) => typeof v === "string"),
      itemsFrom([1, 2], 0, (v) => v === 1),
    ]).toEqual([true, false]);
    expect([isMultipleOf(0.75, 0.25), isMultipleOf(0.1, 0.25), isMultipleOf(1e308, 1e-308)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  test("countMatching and extraKeysOk", () => {
    expect(countMatching([1, "a", 2], z.number())).toBe(2);
    const patterns = [[/^x-/, z.string()]] as const;
    expect(extraKeysOk({ a: 1, "x-b": "s" }, ["a"], patterns, z.never())).toBe(true);
    expect(extraKeysOk({ a: 1, "x-b": 2 }, ["a"], patterns, undefined)).toBe(false);
    expect(extraKeysOk({ c: 1 }, ["a"], patterns, z.never())).toBe(false);
    expect(extraKeysOk({ c: 1 }, ["a"], patterns, undefined)).toBe(true);
  });
});

describe("guarded unions give zod's verdicts and issues", () => {
  const branches = [
    z.object({ type: z.literal("a"), n: z.number() }),
    z.object({ type: z.literal("b") }),
  ] as const;
  const guards = [
    (v: unknown) => isObject(v) && v.type === "a",
    (v: unknown) => isObject(v) && v.type === "b",
  ];
  const values = [{ type: "a", n: 1 }, { type: "a" }, { type: "b" }, { type: "c" }, 1, null];

  test("anyOf: as z.union", () => {
    const ours = anyOf(branches, guards);
    const zods = z.union(branches);
    for (const v of values) {
      expect(ours.safeParse(v).success).toBe(zods.safeParse(v).success);
      expect(ours.safeParse(v).error?.issues).toEqual(zods.safeParse(v).error?.issues);
    }
  });

  test("oneOf: as z.xor, two matches fail", () => {
    const overlapping = [z.object({ a: z.number() }), z.object({ b: z.number() })] as const;
    const ours = oneOf(overlapping, [undefined, undefined]);
    const zods = z.xor(overlapping);
    for (const v of [{ a: 1 }, { b: 1 }, { a: 1, b: 1 }, {}]) {
      expect(ours.safeParse(v).success).toBe(zods.safeParse(v).success);
    }
    expect(ours.safeParse({ a: 1, b: 1 }).success).toBe(false);
  });

  test("a guard refusing every branch still reports zod's issues", () => {
    const ours = anyOf(branches, [() => false, () => false]);
    expect(ours.safeParse({ type: "c" }).error?.issues).toEqual(
      z.union(branches).safeParse({ type: "c" }).error?.issues,
    );
  });
});

describe("compileOnUse", () => {
  test("compiled from the first parse, with the runtime's verdicts and issues", () => {
    const make = () => z.object({ name: z.string().min(2), tags: z.array(z.string()).optional() });
    const ours = make();
    const runtime = ours._zod.run;
    compileOnUse([ours, ours]);
    const plain = make();
    for (const v of [{ name: "ab" }, { name: "a" }, { name: "ab", tags: [1] }, null]) {
      expect(ours.safeParse(v).success).toBe(plain.safeParse(v).success);
      expect(ours.safeParse(v).error?.issues).toEqual(plain.safeParse(v).error?.issues);
    }
    expect(ours._zod.run).not.toBe(runtime);
  });
});
