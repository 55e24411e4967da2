import type { SchemaObject } from "@keel/schema-model";
import { describe, expect, test } from "vitest";
import { inlineModule } from "../../test/zod-support.js";

// In-place subschemas tested as plain JavaScript, and unions that skip the branches a guard refuses:
// ajv's verdict on values of both kinds, from code that really takes the fast path.
const tagged = (tag: string, extra: Record<string, unknown>): SchemaObject => ({
  type: "object",
  required: ["kind"],
  properties: { kind: { const: tag }, ...extra },
});

const cases: { name: string; schema: SchemaObject; values: unknown[]; source: RegExp[] }[] = [
  {
    name: "if-const-then-required",
    schema: {
      type: "object",
      properties: { method: { type: "string" }, params: {} },
      if: { required: ["method"], properties: { method: { const: "run" } } },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
      then: { required: ["params"], properties: { params: { type: "object", minProperties: 1 } } },
    },
    values: [
      { method: "run", params: { a: 1 } },
      { method: "run" },
      { method: "run", params: {} },
      { method: "x" },
    ],
    source: [/v\["method"\] === "run"/],
  },
  {
    name: "not-pattern",
    schema: { not: { pattern: "^<.*>$" } },
    values: ["text", "<placeholder>", 3],
    source: [/typeof v !== "string" \|\| PATTERN_1\.test\(v\)/],
  },
  {
    name: "allof-tuple-branch",
    schema: {
      allOf: [
        { type: "array", items: { type: "string" } },
        {
          type: "array",
          minItems: 2,
          prefixItems: [{ const: "go" }, { type: "string", minLength: 2 }],
          items: false,
        },
      ],
    },
    values: [["go", "ab"], ["go", "\u{1F600}"], ["go", "ab", "c"], ["stop", "ab"], ["go"]],
    source: [/v\[0\] === "go"/, /v\.length <= 2/],
  },
  {
    name: "inherited-name-as-property",
    schema: {
      type: "object",
      if: { properties: { constructor: { const: 1 } } },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
      then: { required: ["x"] },
    },
    values: [{}, { constructor: 1 }, { constructor: 1, x: 0 }, { constructor: 2 }],
    source: [],
  },
  {
    name: "oneof-tagged-branches",
    schema: {
      oneOf: [
        tagged("a", { n: { type: "integer" } }),
        tagged("b", { n: { type: "string" } }),
        { type: "object", required: ["n"], properties: { n: { type: "integer", minimum: 10 } } },
      ],
    },
    values: [
      { kind: "a", n: 1 },
      { kind: "a", n: 12 },
      { kind: "b", n: "x" },
      { kind: "b", n: 1 },
      { n: 11 },
      5,
    ],
    source: [/oneOf\(/, /v\["kind"\] === "a"/],
  },
  {
    name: "anyof-guarded-first-match",
    schema: { anyOf: [tagged("a", {}), tagged("b", { n: { type: "integer" } }), { type: "string" }] },
    values: [{ kind: "a" }, { kind: "b", n: 1 }, { kind: "b", n: "1" }, { kind: "c" }, "s", 1],
    source: [/anyOf\(/],
  },
];

describe("direct tests and guarded unions give ajv's verdict", () => {
  test.each(cases)("$name", async ({ name, schema, values, source: patterns }) => {
    const { zod, ajv, source } = await inlineModule(`direct-${name}`, schema);
    for (const pattern of patterns) expect(source).toMatch(pattern);
    const verdicts = values.map((v) => ({ value: v, ajv: ajv(v), zod: zod.safeParse(v).success }));
    expect(
      verdicts.filter((v) => v.ajv !== v.zod),
      source,
    ).toEqual([]);
    expect(new Set(verdicts.map((v) => v.ajv))).toEqual(new Set([true, false]));
  });
});

describe("a guarded union that fails reports zod's own issues", () => {
  test("every branch's issues, as z.xor gives them", async () => {
    const { zod } = await inlineModule("direct-oneof-issues", {
      oneOf: [tagged("a", { n: { type: "integer" } }), tagged("b", { n: { type: "string" } })],
    });
    const result = zod.safeParse({ kind: "a", n: "x" });
    expect(result.success).toBe(false);
    const [issue] = result.error?.issues ?? [];
    expect(issue?.code).toBe("invalid_union");
    const branches = (issue as { errors?: { path: PropertyKey[] }[][] }).errors ?? [];
    expect(branches.map((b) => b.map((i) => i.path))).toEqual([[["n"]], [["kind"]]]);
  });
});

describe("schemas run compiled by zod from their first use", () => {
  test("a valid value takes the compiled path; an invalid one gets the runtime's issues", async () => {
    const { zod, source } = await inlineModule("direct-compiled", {
      type: "object",
      additionalProperties: false,
      required: ["a"],
      properties: { a: { type: "integer", minimum: 1 }, b: { type: "string", minLength: 2 } },
    });
    expect(source).toMatch(/compileOnUse\(\[DocSchema\]\);/);
    expect(zod.safeParse({ a: 1, b: "xy" })).toEqual({ success: true, data: { a: 1, b: "xy" } });
    const run = zod._zod.run as { __originalRun?: unknown };
    expect(typeof run.__originalRun).toBe("function");
    const issues = zod.safeParse({ a: 0, b: "x", c: 1 }).error?.issues ?? [];
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ["too_small", ["a"]],
      ["custom", ["b"]],
      ["unrecognized_keys", []],
    ]);
  });
});
