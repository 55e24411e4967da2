import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { breaksAReader, type Compared, witnessFindings } from "../../src/index.js";
import { loadFaker } from "../../src/witness/faker.js";
import { runOracle } from "./oracle.js";

/** One version pair of a history: its name in the baseline and how `keel compat` compares it. */
export interface OracleCase {
  key: string;
  compare: () => Compared;
}

/** What the oracle and the witness search measured on one pair (the baseline records it). */
export interface Measured {
  /** documents that contradict a verdict of "compatible" */
  falseCompatible: number;
  /** findings that say a reader breaks */
  breaking: number;
  /** shown by a whole document (valid under one version, refused by the other's reader) */
  witnessed: number;
  /** no witness, with a reason no document can show it (`unwitnessed.explained`) */
  explained: number;
  /** neither: a "breaking" nothing confirms */
  unconfirmed: number;
}

/** Documents tried per finding: a bound by count, so every machine measures the same. */
const TRIES = 600;

/**
 * The one loop over a history's pairs: the instance oracle (no document may contradict "compatible") and
 * the witness search (each "breaking" shown by a whole document or explained). Counts of unconfirmed
 * breaks may only go down: `baselineFile` records them (KEEL_ORACLE_RECORD=1 rewrites it).
 */
export function oracleSuite(title: string, cases: OracleCase[], baselineFile: string): void {
  const baseline: Record<string, Measured> = existsSync(baselineFile)
    ? JSON.parse(readFileSync(baselineFile, "utf8"))
    : {};
  const measured: Record<string, Measured> = {};
  const record = process.env.KEEL_ORACLE_RECORD === "1";

  describe(title, () => {
    it.each(cases)("$key", async ({ key, compare }) => {
      const gen = await loadFaker();
      const { report, older, newer } = compare();
      const root = [{ file: newer.own[0]?.name ?? "", pointer: "" }];
      const r = runOracle(gen, older, newer, report.findings, root);
      witnessFindings(gen, older, newer, report.findings, { tries: TRIES });
      const breaking = report.findings.filter(breaksAReader);
      const witnessed = breaking.filter((f) => f.witness !== undefined).length;
      const why = breaking.filter((f) => f.unwitnessed?.explained === true).length;
      measured[key] = {
        falseCompatible: r.falseCompatible.length,
        breaking: breaking.length,
        witnessed,
        explained: why,
        unconfirmed: breaking.length - witnessed - why,
      };
      if (record) return;
      const was = baseline[key];
      expect(was, `no baseline for ${key}: run with KEEL_ORACLE_RECORD=1`).toBeDefined();
      expect(
        r.falseCompatible
          .slice(0, 3)
          .map((x) => [x.reader, x.site, x.errors.slice(0, 4), JSON.stringify(x.document).slice(0, 200)]),
      ).toEqual([]);
      expect(measured[key]?.unconfirmed).toBeLessThanOrEqual(was?.unconfirmed ?? 0);
    });

    it("records the measured counts when asked", () => {
      if (record) writeFileSync(baselineFile, `${JSON.stringify(measured, null, 2)}\n`);
    });
  });
}
