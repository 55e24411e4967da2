import { ConformError } from "./conform-error.js";
import type { Scenario } from "./exchange/types.js";
import type { SuiteUnits } from "./suites/suite.js";

/** What one shard of a run holds: its units by name, in report order. */
export interface Shard {
  index: number;
  total: number;
  /**
   * `suite` (the suite's own checks, a suite that cannot split), `<option>/<name>` (a unit the suite
   * declares, run through its own `--<option>`), `exchange/<name>` (a golden exchange)
   */
  units: string[];
  /** whether this shard runs the suite's own checks (or some of its units) */
  runsSuite?: boolean;
}

/**
 * Splits a run into `total` shards, round-robin over its independent units: each golden exchange, and the
 * suite's own checks as one unit — or, when the suite declares `units`, each of those. Every unit lands in
 * exactly one shard; merging the shards' reports gives the whole run.
 */
export function shardUnits(
  suite: { units?: SuiteUnits },
  golden: readonly Scenario[],
  index: number,
  total: number,
): Shard {
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(index) || index < 1 || index > total)
    throw new ConformError(
      "conform/bad-shard",
      `expected --shard i/n with 1 ≤ i ≤ n, found ${index}/${total}`,
    );
  const declared = suite.units;
  const own = declared ? declared.names.map((u) => `${declared.option}/${u}`) : ["suite"];
  const all = [...own, ...golden.map((g) => `exchange/${g.name}`)];
  const units = all.filter((_, i) => i % total === index - 1);
  return { index, total, units, runsSuite: units.some((u) => own.includes(u)) };
}

/**
 * The suite's own option that runs only a shard's units (`{ scenarios: ["a", "b"] }` for units
 * `scenarios/a`, `scenarios/b`): nothing for a suite that declares none, which runs whole.
 */
export function ownForShard(suite: { units?: SuiteUnits }, shard: Shard): Record<string, readonly string[]> {
  const declared = suite.units;
  if (!declared) return {};
  const prefix = `${declared.option}/`;
  const names = shard.units.filter((u) => u.startsWith(prefix)).map((u) => u.slice(prefix.length));
  return { [declared.option]: names };
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
