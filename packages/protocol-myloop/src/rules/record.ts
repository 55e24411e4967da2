import type { Finding } from "@keel/diagnostics";
import type { RecordDocument, RecordSpec } from "../generated/types.gen.js";
import { issue } from "./finding.js";
import { specIdRules } from "./spec-ids.js";

const TOLERANCE = 0.005;

/** Single-document rules of a record (cross-file rules live in ../lint/). */
export function recordRules(doc: RecordDocument): Finding[] {
  const found: Finding[] = [];
  if (doc.ts_start > doc.ts_end) {
    found.push(
      issue(
        "record-ts-order",
        "error",
        `expected ts_start ≤ ts_end, found ${doc.ts_start} > ${doc.ts_end}`,
        "/ts_end",
      ),
    );
  }
  found.push(
    ...specIdRules(
      "record",
      doc.iter,
      doc.specs.map((s) => s.spec_id),
    ),
  );
  doc.specs.forEach((spec, i) => {
    found.push(...runIdsPasses(spec, i), ...perEpShape(spec, i), ...metricsConsistent(spec, i));
  });
  return found;
}

function runIdsPasses(spec: RecordSpec, i: number): Finding[] {
  const { run_ids: runs, artifacts_dirs: dirs, outcome_class: outcome } = spec.experiment;
  const at = `/specs/${i}/experiment`;
  const found: Finding[] = [];
  if (outcome === "ok" && runs.length !== spec.passes) {
    found.push(
      issue(
        "record-run-ids-passes",
        "error",
        `expected ${spec.passes} run ids (passes), found ${runs.length}`,
        `${at}/run_ids`,
      ),
    );
  }
  if (outcome === "crash" && runs.length > spec.passes) {
    found.push(
      issue(
        "record-run-ids-passes",
        "error",
        `expected at most ${spec.passes} run ids, found ${runs.length}`,
        `${at}/run_ids`,
      ),
    );
  }
  if (dirs !== undefined) {
    const aligned =
      dirs.length === runs.length && dirs.every((d, k) => d.replace(/\/$/, "").endsWith(runs[k] as string));
    if (!aligned) {
      found.push(
        issue(
          "record-run-ids-passes",
          "error",
          "expected one artifacts_dirs entry per run id, each ending with that run id",
          `${at}/artifacts_dirs`,
        ),
      );
    }
  }
  return found;
}

function perEpShape(spec: RecordSpec, i: number): Finding[] {
  const { per_ep_success: rows, outcome_class: outcome } = spec.experiment;
  const at = `/specs/${i}/experiment/per_ep_success`;
  if (outcome !== "ok" && outcome !== "crash") return [];
  const rowsOk = outcome === "ok" ? rows.length === spec.passes : rows.length <= spec.passes;
  if (!rowsOk) {
    const want = outcome === "ok" ? `${spec.passes}` : `at most ${spec.passes}`;
    return [
      issue("record-per-ep-shape", "error", `expected ${want} rows (passes), found ${rows.length}`, at),
    ];
  }
  const width = rows[0]?.length ?? 0;
  const bad = rows.findIndex((row) => row.length !== width);
  if (bad >= 0) {
    return [
      issue(
        "record-per-ep-shape",
        "error",
        `expected every row to have ${width} episodes, found ${rows[bad]?.length} in row ${bad}`,
        `${at}/${bad}`,
      ),
    ];
  }
  return [];
}

function metricsConsistent(spec: RecordSpec, i: number): Finding[] {
  const { per_ep_success: rows, metrics_digest: m, outcome_class: outcome } = spec.experiment;
  if (outcome !== "ok" || rows.length === 0 || m.mean_sr === null) return [];
  const at = `/specs/${i}/experiment/metrics_digest`;
  const found: Finding[] = [];
  const bad = (key: string, expected: number, actual: number | null | undefined): void => {
    found.push(
      issue(
        "record-metrics-consistent",
        "error",
        `expected ${key} ≈ ${expected.toFixed(3)} from per_ep_success, found ${actual}`,
        `${at}/${key}`,
      ),
    );
  };
  const cells = rows.flat();
  const mean = cells.reduce((a, b) => a + b, 0) / Math.max(cells.length, 1);
  if (Math.abs(mean - m.mean_sr) > TOLERANCE) bad("mean_sr", mean, m.mean_sr);
  if (m.score !== m.mean_sr) bad("score", m.mean_sr, m.score);
  if (rows.length >= 2) {
    const width = rows[0]?.length ?? 0;
    const need = Math.ceil(rows.length / 2);
    let robust = 0;
    for (let e = 0; e < width; e++) if (rows.reduce((n, row) => n + (row[e] ?? 0), 0) >= need) robust++;
    const robustSr = robust / Math.max(width, 1);
    if (m.robust_sr === null || Math.abs(robustSr - m.robust_sr) > TOLERANCE)
      bad("robust_sr", robustSr, m.robust_sr);
    const means = rows.map((row) => row.reduce((a, b) => a + b, 0) / Math.max(row.length, 1));
    const mu = means.reduce((a, b) => a + b, 0) / means.length;
    const ss = means.reduce((a, x) => a + (x - mu) ** 2, 0);
    const sample = Math.sqrt(ss / (means.length - 1));
    const population = Math.sqrt(ss / means.length);
    const sd = m.sd_sr;
    if (sd === null || (Math.abs(sd - sample) > TOLERANCE && Math.abs(sd - population) > TOLERANCE)) {
      bad("sd_sr", sample, sd);
    }
  }
  return found;
}
