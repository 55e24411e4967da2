import { describe, expect, it } from "vitest";
import { type ErrorObject, reduceErrors } from "./reduce-errors.js";

const err = (keyword: string, instancePath: string, extra: Partial<ErrorObject> = {}): ErrorObject => ({
  keyword,
  instancePath,
  schemaPath: `#/${keyword}`,
  params: {},
  ...extra,
});

describe("reduceErrors", () => {
  const union = err("anyOf", "/a", { data: { kind: "x" } });
  const noisy = [err("type", "/a"), err("required", "/a"), err("const", "/a/kind"), union];

  it("replaces every branch's errors by those of the branch that got furthest", () => {
    const branches = () => [
      () => [err("type", "")],
      () => [err("const", "/kind")],
      () => [err("enum", "/deep/er")],
    ];
    expect(reduceErrors([err("required", "/b"), ...noisy], branches)).toEqual([
      err("required", "/b"),
      { ...err("enum", "/a/deep/er"), hint: expect.stringMatching(/^or, if \/a is meant as /) },
    ]);
  });

  it("keeps the errors of the union's siblings, which ajv reports after the union", () => {
    // a `properties` beside the oneOf: its errors lie under the union's pointer but are not the branches'
    const root = err("oneOf", "", { data: { kind: "full", state: "running" } });
    const branches = () => [
      () => [err("required", "", { params: { missingProperty: "x" } })],
      () => [err("const", "/kind")],
    ];
    const sibling = err("enum", "/state");
    const reduced = reduceErrors(
      [err("required", "", { params: { missingProperty: "x" } }), err("const", "/kind"), root, sibling],
      branches,
    );
    expect(reduced.map((e) => `${e.keyword} ${e.instancePath}`)).toEqual(["enum /state", "required "]);
  });

  it("chooses the branch whose constant the document's member matches, and names the other in one line", () => {
    // workspace_foreign: false — the stub branch wants true; the full branch only misses members
    const data = { id: "r", workspace_foreign: false };
    const union = err("oneOf", "", { data });
    const full = () =>
      ["review_enabled", "actions"].map((m) => err("required", "", { params: { missingProperty: m } }));
    const stub = () => [err("const", "/workspace_foreign", { params: { allowedValue: true } })];
    const reduced = reduceErrors([...full(), ...stub(), union], () => [full, stub]);
    expect(
      reduced.map((e) => `${e.keyword} ${(e.params as { missingProperty?: string }).missingProperty}`),
    ).toEqual(["required review_enabled", "required actions"]);
    expect(reduced[0]?.hint).toBe(
      "or, if the document is meant as the form with workspace_foreign: true (the other branch of its oneOf): 1 error instead: /workspace_foreign must be true",
    );
  });

  it("keeps ajv's errors when the branches cannot be found, dropping `if` only next to a precise error", () => {
    expect(reduceErrors([err("if", "/a"), err("required", "/a")], () => undefined)).toEqual([
      err("required", "/a"),
    ]);
    expect(reduceErrors([err("if", "/a")], () => undefined)).toEqual([err("if", "/a")]);
  });

  it("lets an enum hide a const at the same pointer", () => {
    expect(reduceErrors([err("const", "/r"), err("enum", "/r"), err("enum", "/r")], () => undefined)).toEqual(
      [err("enum", "/r")],
    );
  });
});
