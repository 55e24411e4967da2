import { describe, expect, it } from "vitest";
import { formatTimings, StageClock } from "./gen-timings.js";

describe("keel gen --timings", () => {
  it("prints seconds per protocol and stage, the TypeScript outputs and the other languages apart, with totals", () => {
    const protocols = new Map([
      ["slipway", { schemas: 40, typescript: 3200, fixtures: 2680, requirements: 90, languages: 30 }],
      ["atif", { schemas: 10, typescript: 680, fixtures: 160, requirements: 60, languages: 5 }],
    ]);
    expect(formatTimings({ loading: [1410, 1390], protocols })).toMatchInlineSnapshot(`
      "keel gen timings, seconds in the thread that generated each protocol:
        loading the generators  1.41  1.39
        protocol                schemas  typescript  fixtures  requirements  other languages   total
        atif                       0.01        0.68      0.16          0.06             0.01    0.92
        slipway                    0.04        3.20      2.68          0.09             0.03    6.04
        all                        0.05        3.88      2.84          0.15             0.04    6.96
      "
    `);
  });

  it("says so when every protocol was unchanged", () => {
    expect(formatTimings({ loading: [], protocols: new Map() })).toBe(
      "keel gen timings: no protocol generated\n",
    );
  });

  it("adds a stage's time even when the stage throws", async () => {
    const clock = new StageClock();
    await clock.time("fixtures", () => new Promise((resolve) => setTimeout(resolve, 5)));
    await expect(
      clock.time("fixtures", () => {
        throw new Error("bad schema");
      }),
    ).rejects.toThrow("bad schema");
    expect(clock.times.fixtures).toBeGreaterThan(0);
    expect(clock.times.typescript).toBe(0);
  });
});
