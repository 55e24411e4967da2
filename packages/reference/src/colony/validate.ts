import type { Finding } from "@keel/myrmo";
import { validateOutcomeReport, validateTrail } from "@keel/myrmo";
import type { ErrorDetail } from "@keel/myrmo/types";
import { Refusal } from "./errors.js";

// The protocol demands the schema, so the colony checks the schema only; keel's semantic rules (unified
// diffs, paths inside the root, …) are advice for agents, not grounds to refuse a trail.

/** For a missing or unknown property the detail names the object that holds it (as ajv reports it). */
function detailOf(f: Finding): ErrorDetail {
  const member = f.code === "schema/required" || f.code === "schema/additional-properties";
  const path = member ? f.pointer.slice(0, f.pointer.lastIndexOf("/")) : f.pointer;
  return { path, message: f.message };
}

function refuseInvalid(what: string, findings: Finding[]): never {
  const errors = findings.filter((f) => f.severity === "error");
  throw new Refusal(
    "invalid_trail",
    `expected a valid ${what}, found ${errors.length} error(s)`,
    errors.map(detailOf),
  );
}

export function checkTrail(document: Record<string, unknown>): void {
  const result = validateTrail(document);
  if (!result.valid) refuseInvalid("Myrmo trail", result.findings);
}

/**
 * An outcome report for the trail the path names: `solution_id` may be left out (the path names the
 * trail); when present it must be that trail.
 */
export function checkOutcome(document: Record<string, unknown>, trailId: string): Record<string, unknown> {
  if ("solution_id" in document && document.solution_id !== trailId) {
    const found = JSON.stringify(document.solution_id);
    throw new Refusal("invalid_trail", "expected solution_id to name the trail in the path", [
      { path: "/solution_id", message: `expected "${trailId}" (the trail in the path), found ${found}` },
    ]);
  }
  const report = { ...document, solution_id: trailId };
  const result = validateOutcomeReport(report);
  if (!result.valid) refuseInvalid("Myrmo outcome report", result.findings);
  return report;
}
