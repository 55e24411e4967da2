import { describe, expect, it } from "vitest";
import type { Scenario } from "./exchange/types.js";
import { ownForShard, parseShard, shardUnits } from "./shard.js";

const golden = ["a", "b", "c"].map((name) => ({ name }) as Scenario);

describe("shards", () => {
  it("deal every unit to exactly one shard: the suite's own checks as one unit, then each golden exchange", () => {
    const shards = [1, 2].map((i) => shardUnits({}, golden, i, 2));
    expect(shards.map((s) => s.units)).toEqual([
      ["suite", "exchange/b"],
      ["exchange/a", "exchange/c"],
    ]);
    expect(shards.map((s) => s.runsSuite)).toEqual([true, false]);
  });

  it("split a suite that declares its units, named by its own option, and give that option this shard's", () => {
    const suite = { units: { option: "parts", names: ["plain", "spaces", "lost"] } };
    const second = shardUnits(suite, golden, 2, 2);
    expect(second).toEqual({
      index: 2,
      total: 2,
      units: ["parts/spaces", "exchange/a", "exchange/c"],
      runsSuite: true,
    });
    expect(ownForShard(suite, second)).toEqual({ parts: ["spaces"] });
    expect(ownForShard(suite, shardUnits(suite, [], 1, 4))).toEqual({ parts: ["plain"] });
    const empty = shardUnits(suite, [], 4, 4);
    expect(empty).toMatchObject({ units: [], runsSuite: false });
    expect(ownForShard(suite, empty)).toEqual({ parts: [] });
    // a suite without units runs whole: no option of its own is set
    expect(ownForShard({}, shardUnits({}, golden, 1, 2))).toEqual({});
  });

  it("refuse a shard that does not exist, in one line", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, total: 3 });
    for (const bad of ["0/2", "3/2", "1", "a/b", "1/0"])
      expect(() => parseShard(bad)).toThrow(`expected --shard i/n with 1 ≤ i ≤ n, found ${bad}`);
  });
});
