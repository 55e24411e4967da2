import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareFiles, ruleSpec } from "../src/index.js";
import { loadFaker } from "../src/witness/faker.js";
import { runOracle } from "./oracle/oracle.js";
import { pairs, publishedRequest } from "./published.js";

/**
 * The instance oracle over SchemaStore histories as published (../shared/reference/schema-histories-published):
 * the 30 pairs of its pairs.txt, each side given the files its absolute `$ref`s name (`rN-<commit>-refs/`,
 * as `--ref-map https://json.schemastore.org/=DIR`; package.json's two www.schemastore.org references are
 * not in the corpus and read as {}). No pair may be refused; no document may contradict "compatible";
 * unproven "breaking" claims may only go down (test/expected/oracle-published-baseline.json,
 * KEEL_ORACLE_RECORD=1 rewrites it).
 */
const baselineFile = join(import.meta.dirname, "expected", "oracle-published-baseline.json");
const baseline: Record<string, { falseCompatible: number; falseBreaking: number; breaking: number }> =
  existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, "utf8")) : {};
const measured: typeof baseline = {};
const gen = await loadFaker();

describe("instance oracle on ../shared/reference/schema-histories-published", () => {
  it.each(pairs)(
    "%s %s → %s",
    (series, a, b) => {
      const { report, older, newer } = compareFiles(publishedRequest(series, a, b));
      const root = [{ file: newer.own[0]?.name ?? "", pointer: "" }];
      const r = runOracle(gen, older, newer, report.findings, root);
      const key = `${series}/${a}-${b}`;
      const breaking = report.findings.filter(
        (f) => ruleSpec(f.rule).wire && Object.values(f.effects).includes("breaks"),
      ).length;
      measured[key] = {
        falseCompatible: r.falseCompatible.length,
        falseBreaking: r.falseBreaking.length,
        breaking,
      };
      if (process.env.KEEL_ORACLE_RECORD === "1") return;
      const was = baseline[key];
      expect(was, `no baseline for ${key}: run with KEEL_ORACLE_RECORD=1`).toBeDefined();
      expect(
        r.falseCompatible
          .slice(0, 3)
          .map((x) => [x.reader, x.site, x.errors.slice(0, 4), JSON.stringify(x.document).slice(0, 200)]),
      ).toEqual([]);
      expect(r.falseBreaking.length).toBeLessThanOrEqual(was?.falseBreaking ?? 0);
    },
    300_000,
  );

  it("records the measured counts when asked", () => {
    if (process.env.KEEL_ORACLE_RECORD === "1")
      writeFileSync(baselineFile, `${JSON.stringify(measured, null, 2)}\n`);
  });
});
