import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { SchemaSet } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { compareFiles, diffSchemaSets, ruleSpec, runCompatFiles } from "../src/index.js";
import { loadAnySide } from "../src/standalone/load-side.js";
import { anyEntry } from "../src/standalone/registry-entry.js";
import { shared } from "./helpers.js";
import { refAsAllOf } from "./oracle/rewrite.js";
import { oracleSuite } from "./oracle/suite.js";

/**
 * The instance oracle over real schema histories (each consecutive pair; oracle/suite.ts), then each
 * revision compared with itself and with its `$ref`s rewritten as `allOf`: no wire finding.
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

oracleSuite(
  "instance oracle on ../shared/reference/schema-histories",
  pairs.map(([d, a, b]) => ({
    key: `${d}/${a.slice(0, 2)}-${b.slice(0, 2)}`,
    compare: () => compareFiles({ from: join(base, d, a), to: join(base, d, b), cwd: base }),
  })),
  join(import.meta.dirname, "expected", "oracle-baseline.json"),
);

describe("schema-histories read as the same schema", () => {
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
});
