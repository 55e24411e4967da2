import { describe, expect, it } from "vitest";
import type { Scenario } from "./exchange/types.js";
import { parseShard, shardUnits } from "./shard.js";

const golden = ["a", "b", "c"].map((name) => ({ name }) as Scenario);

describe("shards", () => {
  it("deal every unit to exactly one shard: the suite's own checks as one unit, then each golden exchange", () => {
    const shards = [1, 2].map((i) => shardUnits({ name: "mira" }, golden, i, 2));
    expect(shards.map((s) => s.units)).toEqual([
      ["suite", "exchange/b"],
      ["exchange/a", "exchange/c"],
    ]);
    expect(shards.map((s) => s.runsSuite)).toEqual([true, false]);
  });

  it("split a suite that declares its units (the host's scenarios) and run only this shard's", () => {
    const host = { name: "slipway-host", units: ["plain", "spaces", "lost"] };
    expect(shardUnits(host, [], 2, 2)).toEqual({
      index: 2,
      total: 2,
      units: ["scenario/spaces"],
      runsSuite: true,
      scenarios: ["spaces"],
    });
    expect(shardUnits(host, [], 1, 4).scenarios).toEqual(["plain"]);
    expect(shardUnits(host, [], 4, 4)).toMatchObject({ units: [], runsSuite: false, scenarios: [] });
  });

  it("refuse a shard that does not exist, in one line", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, total: 3 });
    for (const bad of ["0/2", "3/2", "1", "a/b", "1/0"])
      expect(() => parseShard(bad)).toThrow(`expected --shard i/n with 1 ≤ i ≤ n, found ${bad}`);
  });
});
