import { describe, expect, it } from "vitest";
import { planCases } from "./plan.js";

const evals = [
  {
    name: "e",
    samples: [{ id: "a" }, { id: "b" }],
    targets: [
      { label: "sim", available: true },
      { label: "off", available: false },
    ],
    axes: [{ name: "effort", values: ["low", "high"] }],
    trials: 2,
    seed: 10,
  },
];

describe("planCases", () => {
  it("crosses samples, available targets, axes and trials, seeding trial t with seed + t", () => {
    const all = planCases(evals, 100);
    expect(all).toHaveLength(8);
    expect(all[1]).toEqual({
      eval: "e",
      sample: "a",
      target: "sim",
      params: { effort: "low" },
      trial: 1,
      trials: 2,
      seed: 11,
    });
    expect(all.every((c) => c.target === "sim")).toBe(true);
  });
  it("thins the grid to maxCases with an even stride", () => {
    const some = planCases(evals, 3);
    expect(some.map((c) => `${c.sample}/${c.params.effort}#${c.trial}`)).toEqual([
      "a/low#0",
      "a/high#0",
      "b/low#1",
    ]);
  });
});
