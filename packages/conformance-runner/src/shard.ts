import { ConformError } from "./conform-error.js";
import type { Scenario } from "./exchange/types.js";

/** What one shard of a run holds: its units by name, in report order. */
export interface Shard {
  index: number;
  total: number;
  /** `suite` (the suite's own checks, a suite that cannot split), `scenario/<name>` (a suite's independent unit), `exchange/<name>` */
  units: string[];
  /** whether this shard runs the suite's own checks (or some of its scenarios) */
  runsSuite?: boolean;
  /** the suite's scenarios this shard runs, when the suite declares them */
  scenarios?: string[];
}

/**
 * Splits a run into `total` shards, round-robin over its independent units: each golden exchange, and the
 * suite's own checks as one unit — or, when the suite declares `units` (the host's scenarios), each of
 * those. Every unit lands in exactly one shard; merging the shards' reports gives the whole run.
 */
export function shardUnits(
  suite: { name: string; units?: readonly string[] },
  golden: readonly Scenario[],
  index: number,
  total: number,
): Shard {
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(index) || index < 1 || index > total)
    throw new ConformError(
      "conform/bad-shard",
      `expected --shard i/n with 1 ≤ i ≤ n, found ${index}/${total}`,
    );
  const own = suite.units ? suite.units.map((u) => `scenario/${u}`) : ["suite"];
  const all = [...own, ...golden.map((g) => `exchange/${g.name}`)];
  const units = all.filter((_, i) => i % total === index - 1);
  const scenarios = units.filter((u) => u.startsWith("scenario/")).map((u) => u.slice(9));
  return {
    index,
    total,
    units,
    runsSuite: units.includes("suite") || scenarios.length > 0,
    ...(suite.units ? { scenarios } : {}),
  };
}

/** `--shard 2/4` → { index: 2, total: 4 }; anything else is a usage error. */
export function parseShard(text: string): { index: number; total: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || index < 1 || total < 1 || index > total)
    throw new ConformError("conform/bad-shard", `expected --shard i/n with 1 ≤ i ≤ n, found ${text}`);
  return { index, total };
}
