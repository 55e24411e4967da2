import { expect, test } from "vitest";
import { forbidByProperties, forbids } from "./forbidden-properties.js";

test("names what a not forbids: one required property, or any of an anyOf of them", () => {
  expect(forbids({ required: ["a"], properties: { a: true } })).toEqual(["a"]);
  expect(forbids({ anyOf: [{ required: ["a"] }, { required: ["b"], properties: { b: true } }] })).toEqual([
    "a",
    "b",
  ]);
  expect(forbids({ required: ["a", "b"] })).toEqual([]);
  expect(forbids({ required: ["a"], properties: { a: { type: "string" } } })).toEqual([]);
  expect(forbids({ anyOf: [{ required: ["a"] }, { type: "string" }] })).toEqual([]);
});

test("turns a member's forbidding not into false properties, only under an object", () => {
  const member = () => ({
    properties: { kind: { const: "x" } },
    not: { anyOf: [{ required: ["a"] }, { required: ["b"] }] },
  });
  const node: Record<string, unknown> = {
    type: "object",
    oneOf: [member(), { $ref: "#/x", not: { required: ["a"] } }],
  };
  forbidByProperties(node);
  expect(node.oneOf).toEqual([
    { properties: { kind: { const: "x" }, a: false, b: false } },
    { $ref: "#/x", not: { required: ["a"] } },
  ]);
  const loose: Record<string, unknown> = { anyOf: [member()] };
  forbidByProperties(loose);
  expect(loose).toEqual({ anyOf: [member()] });
});
