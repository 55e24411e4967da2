import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SchemaSet } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { anyEntry } from "../src/any/entry.js";
import { loadAnySide } from "../src/any/load.js";
import { diffSchemaSets, ruleSpec, runCompatFiles } from "../src/index.js";
import { loadFaker } from "../src/witness/faker.js";
import { shared } from "./helpers.js";
import { type OracleResult, runOracle } from "./oracle/oracle.js";
import { refAsAllOf } from "./oracle/rewrite.js";

const gen = await loadFaker();

/**
 * The instance oracle over real schema histories: each consecutive pair is compared, then every verdict
 * is held to documents (generated, edited at each change) validated by ajv. The counts may only go down:
 * test/expected/oracle-baseline.json records them (KEEL_ORACLE_RECORD=1 rewrites it).
 */
const base = join(shared, "reference", "schema-histories");
const histories = readdirSync(base).filter((d) => existsSync(join(base, d, "log.txt")));
const revisions = (d: string) =>
  readdirSync(join(base, d))
    .filter((f) => /^r\d+-.*\.json$/.test(f))
    .sort();
const pairs = histories.flatMap((d) => {
  const r = revisions(d);
  return r.slice(1).map((to, i) => [d, r[i] as string, to] as const);
});

const baselineFile = join(import.meta.dirname, "expected", "oracle-baseline.json");
const baseline: Record<string, { falseCompatible: number; falseBreaking: number }> = existsSync(baselineFile)
  ? JSON.parse(readFileSync(baselineFile, "utf8"))
  : {};
const measured: typeof baseline = {};

/** Distinct places (reader + failing keyword's object) where a document contradicts "compatible". */
const places = (r: OracleResult): number =>
  new Set(r.falseCompatible.map((x) => `${x.reader}|${[...x.errors].sort()[0]?.replace(/\/[^/]*$/, "")}`))
    .size;

describe("instance oracle on ../shared/reference/schema-histories", () => {
  it.each(pairs)(
    "%s %s → %s",
    (d, a, b) => {
      const from = join(base, d, a);
      const to = join(base, d, b);
      const report = runCompatFiles({ from, to, cwd: base });
      const older = loadAnySide(from, base).set;
      const newer = loadAnySide(to, base).set;
      const r = runOracle(gen, older, newer, report.findings, [
        { file: newer.own[0]?.name ?? "", pointer: "" },
      ]);
      const key = `${d}/${a.slice(0, 2)}-${b.slice(0, 2)}`;
      measured[key] = { falseCompatible: places(r), falseBreaking: r.falseBreaking.length };
      const was = baseline[key];
      if (process.env.KEEL_ORACLE_RECORD !== "1") {
        expect(was, `no baseline for ${key}: run with KEEL_ORACLE_RECORD=1`).toBeDefined();
        // no document may contradict a "compatible" verdict; false "breaking" may only go down
        expect(
          r.falseCompatible
            .slice(0, 3)
            .map((x) => [x.reader, x.site, x.errors.slice(0, 4), JSON.stringify(x.document).slice(0, 200)]),
        ).toEqual([]);
        expect(measured[key]?.falseBreaking).toBeLessThanOrEqual(was?.falseBreaking ?? 0);
      }
    },
    120_000,
  );

  it.each(histories.flatMap((d) => revisions(d).map((r) => [d, r] as const)))(
    "%s %s compared with itself has no wire finding",
    (d, r) => {
      const report = runCompatFiles({ from: join(base, d, r), to: join(base, d, r), cwd: base });
      expect(report.findings.filter((f) => ruleSpec(f.rule).wire)).toEqual([]);
    },
  );

  it.each(histories.map((d) => [d, revisions(d).at(-1) as string] as const))(
    "%s %s rewritten with allOf:[{$ref}] has no wire finding",
    (d, r) => {
      const side = loadAnySide(join(base, d, r), base).set;
      const main = side.own[0];
      if (main === undefined) throw new Error("no file");
      const rewritten = new SchemaSet(
        "schema",
        "rewrite",
        [{ ...main, schema: refAsAllOf(main.schema) }],
        [],
      );
      const wire = diffSchemaSets(side, rewritten, anyEntry(side, "strict")).filter(
        (f) => ruleSpec(f.rule).wire,
      );
      expect(wire).toEqual([]);
    },
  );

  it("records the measured counts when asked", () => {
    if (process.env.KEEL_ORACLE_RECORD === "1")
      writeFileSync(baselineFile, `${JSON.stringify(measured, null, 2)}\n`);
  });
});
