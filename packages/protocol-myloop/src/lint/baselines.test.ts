import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editText, lintCopy } from "../../test/run-copy.js";

const design = (change: (text: string) => string) => (dir: string) =>
  editText(dir, "experiment_design.yaml", change);

describe("experiment_design.yaml against the records", () => {
  it("design-baseline-missing: a 3-pass profile run ok by a committed spec has its baseline", () => {
    expect(lintCopy("design-baseline-missing")).toEqual([]);
    expect(
      lintCopy(
        "design-baseline-missing",
        design((t) => t.slice(0, t.indexOf("  baseline:"))),
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/design-baseline-missing",
          "file": "experiment_design.yaml",
          "message": "expected a locked baseline on fm_premature_stop_iter1, found none although spec_iter_1_A ran it with 3 passes",
          "pointer": "/fm_premature_stop_iter1",
          "severity": "error",
        },
      ]
    `);
  });

  it("design-baseline-provenance: locked_at's record ran the baseline's runs within its window", () => {
    expect(lintCopy("design-baseline-provenance")).toEqual([]);
    expect(
      lintCopy(
        "design-baseline-provenance",
        design((t) => t.replace('locked_at: "iter_1"', 'locked_at: "iter_0"')),
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/design-baseline-provenance",
          "file": "experiment_design.yaml",
          "message": "expected a spec of iter_0 on fm_premature_stop_iter1 whose run_ids start with the baseline's [20260515_134512,20260515_135020,20260515_135533], found none",
          "pointer": "/fm_premature_stop_iter1/baseline/run_ids",
          "severity": "error",
        },
      ]
    `);
    expect(
      lintCopy(
        "design-baseline-provenance",
        design((t) => t.replace('locked_ts: "2026-05-15T14:01:12"', 'locked_ts: "2026-05-15T15:01:12"')),
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/design-baseline-provenance",
          "file": "experiment_design.yaml",
          "message": "expected locked_ts within iter_1 (2026-05-15T13:35:02 … 2026-05-15T14:08:40), found 2026-05-15T15:01:12",
          "pointer": "/fm_premature_stop_iter1/baseline/locked_ts",
          "severity": "warning",
        },
      ]
    `);
    // a lock by the in-flight iteration 2 has no record to compare with yet, but iter_1 already ran the profile
    const inFlight = design((t) =>
      t.replace('locked_at: "iter_1"', 'locked_at: "iter_2"').replace("20260515_134512", "20260515_150000"),
    );
    expect(lintCopy("design-baseline-provenance", inFlight).map((f) => f.message)).toMatchInlineSnapshot(`
      [
        "expected locked_at to be the first iteration that ran fm_premature_stop_iter1 with its required passes, found iter_2 after iter_1",
      ]
    `);
  });

  it("design-derived-from: iteration window, filter tool, source run", () => {
    expect(lintCopy("design-derived-from")).toEqual([]);
    const tool = (dir: string) => {
      mkdirSync(join(dir, "tools"));
      writeFileSync(join(dir, "tools/failing_eps.py"), '"""Failing episodes of a run."""\n');
    };
    const withTool = (dir: string) => {
      tool(dir);
      design((t) =>
        t.replace(
          'failure_mode: "premature_stop"',
          'failure_mode: "premature_stop"\n    filter_tool: "tools/failing_eps.py"',
        ),
      )(dir);
    };
    expect(lintCopy("design-derived-from", withTool)).toEqual([]);
    const broken = design((t) =>
      t
        .replace('iter: "iter_0"', 'iter: "iter_3"')
        .replace('source_run: "20260515_130940"', 'source_run: "20260515_120000"')
        .replace(
          'failure_mode: "premature_stop"',
          'failure_mode: "premature_stop"\n    filter_tool: "tools/failing_eps.py"',
        ),
    );
    expect(lintCopy("design-derived-from", broken)).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/design-derived-from",
          "file": "experiment_design.yaml",
          "message": "expected filter_tool tools/failing_eps.py in the run directory, found no such file",
          "pointer": "/fm_premature_stop_iter1/derived_from/filter_tool",
          "severity": "error",
        },
        {
          "code": "myloop/design-derived-from",
          "file": "experiment_design.yaml",
          "message": "expected derived_from.iter at most iter_2, found iter_3",
          "pointer": "/fm_premature_stop_iter1/derived_from/iter",
          "severity": "error",
        },
        {
          "code": "myloop/design-derived-from",
          "file": "experiment_design.yaml",
          "message": "expected source_run 20260515_120000 in a committed record or a locked baseline, found it in neither",
          "pointer": "/fm_premature_stop_iter1/derived_from/source_run",
          "severity": "warning",
        },
      ]
    `);
  });
});
