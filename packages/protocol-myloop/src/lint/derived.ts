import type { FileFinding, Severity } from "@keel/diagnostics";
import { type DerivedFile, renderRunFile } from "../render/index.js";
import { normalizeDerived } from "../render/normalize.js";
import { issue } from "../rules/finding.js";
import { readText } from "./read.js";

const LINEAGE_RULES: [RegExp, string][] = [
  [/^# /, "lineage-title"],
  [/^## /, "lineage-sections"],
  [/^parent:/, "lineage-parent"],
  [/^THINK:/, "lineage-think"],
  [/^### /, "lineage-spec-sections"],
  [/^CRITIC/, "lineage-critic"],
  [/^EXPERIMENT:/, "lineage-experiment"],
  [/^DISTILL:/, "lineage-distill"],
  [/^ITER SUMMARY:/, "lineage-summary"],
  [/^REFLECT/, "lineage-reflect"],
];

/**
 * trace.md / lineage.md must equal a fresh rendering of the records. Warnings while the run is live
 * (the next commit heals them), errors once SUMMARY.md exists. One finding per file, at the first
 * differing line; formatting a markdown formatter may change is not a difference (normalizeDerived).
 */
export function lintDerived(
  dir: string,
  kind: DerivedFile,
  hasRecords: boolean,
  terminated: boolean,
): FileFinding[] {
  const file = `${kind}.md`;
  const severity: Severity = terminated ? "error" : "warning";
  const text = readText(dir, file);
  const hint = `run keel myloop render ${kind} <run-dir>`;
  if (text === undefined) {
    if (!hasRecords) return [];
    return [
      {
        ...issue("layout-required", severity, `expected ${file} once a record exists, found none`),
        file,
        hint,
      },
    ];
  }
  const fresh = renderRunFile(dir, kind);
  if (fresh === undefined) return [];
  const want = normalizeDerived(fresh);
  const have = normalizeDerived(text);
  const i = want.findIndex((l, k) => have[k]?.text !== l.text);
  if (i < 0 && want.length === have.length) return [];
  const index = i < 0 ? want.length : i;
  const expected = want[index]?.text ?? "(end of file)";
  const found = have[index]?.text ?? "(end of file)";
  const line = have[index]?.line ?? text.split("\n").length;
  const rule = kind === "trace" ? traceRule(index, want.length, have.length) : lineageRule(expected);
  const message = `expected ${JSON.stringify(expected.slice(0, 120))} as rendered from the records, found ${JSON.stringify(found.slice(0, 120))}`;
  return [{ ...issue(rule, severity, message), file, line, hint }];
}

// indexes into the normalised lines: title, header row, separator row, then one row per record
function traceRule(index: number, want: number, have: number): string {
  if (index === 0) return "trace-title";
  if (index <= 2) return "trace-header";
  return want === have ? "trace-cells" : "trace-rows";
}

const lineageRule = (expected: string): string =>
  LINEAGE_RULES.find(([re]) => re.test(expected))?.[1] ?? "lineage-order";
