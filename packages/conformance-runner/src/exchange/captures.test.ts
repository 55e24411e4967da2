import { describe, expect, it } from "vitest";
import { names, substitute } from "./captures.js";

describe("captures in sends", () => {
  const captures = new Map<string, unknown>([
    ["trailId", "t 1/ü"],
    ["n", 7],
  ]);
  it("replaces $use by the captured value and $template placeholders by their values", () => {
    const send = {
      method: "GET",
      path: { $template: "/v1/trails/{trailId}?n={n}" },
      body: { id: { $use: "n" }, keep: { $literal: { $use: "x" } } },
    };
    expect(substitute(send, captures)).toEqual({
      value: { method: "GET", path: "/v1/trails/t 1/ü?n=7", body: { id: 7, keep: { $use: "x" } } },
      unbound: [],
    });
  });
  it("names what is used before being bound", () => {
    expect(substitute({ a: { $use: "later" }, p: { $template: "/{gone}" } }, captures).unbound).toEqual([
      "later",
      "gone",
    ]);
    expect(
      names({ p: { $template: "/{a}/{b}" }, q: [{ $use: "c" }] }, "$use").map((n) => [n.name, n.pointer]),
    ).toEqual([
      ["a", "/p"],
      ["b", "/p"],
      ["c", "/q/0"],
    ]);
  });
});
