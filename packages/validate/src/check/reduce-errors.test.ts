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
      err("enum", "/a/deep/er"),
    ]);
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
