import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adapterRows, renderTable, type TableRow } from "../src/suites/validator/table.js";

const root = join(import.meta.dirname, "..", "..", "..");

/**
 * The validator harness in CI: every adapter in conformance/validator/adapters/ (ajv, keel's zod, Python
 * jsonschema under Debian's /usr/bin/python3) over every fixture of every protocol. ajv, the baseline,
 * agrees everywhere, and docs/validators.md is what the run gives (regenerate: node tools/validator-table.mjs).
 */
describe("validator adapters", () => {
  let rows: TableRow[] = [];
  const row = (name: string) => rows.find((r) => r.adapter === name) as TableRow;

  it("run over every fixture without breaking the protocol", { timeout: 900_000 }, async () => {
    rows = await adapterRows(root);
    expect(rows.map((r) => r.adapter)).toEqual([
      "ajv",
      "python-jsonschema",
      "python-jsonschema-formats",
      "zod",
    ]);
    for (const r of rows)
      expect({ adapter: r.adapter, broken: r.comparison.broken }).toEqual({
        adapter: r.adapter,
        broken: undefined,
      });
  });

  it("ajv, the baseline, agrees with keel on every fixture", () => {
    const ajv = row("ajv").comparison;
    expect(ajv.protocols.length).toBeGreaterThanOrEqual(5);
    expect(ajv.protocols.flatMap((p) => p.disagreements)).toEqual([]);
  });

  it("Python jsonschema is caught by the trailing-newline probe (its `$` matches before a final \\n)", () => {
    const py = row("python-jsonschema").comparison.protocols.flatMap((p) => p.disagreements);
    expect(
      py.some((d) => d.probes.includes("pattern-trailing-lf") && d.keel === false && d.adapter === true),
    ).toBe(true);
  });

  it("docs/validators.md is the table this run gives", () => {
    expect(readFileSync(join(root, "docs", "validators.md"), "utf8")).toBe(renderTable(rows));
  });
});
