import { KeelError } from "@keel/diagnostics";
import { parse } from "yaml";
import type { CheckResult } from "./verdicts.js";

/** Known failing checks of one implementation (conformance/<protocol>/baselines/<name>.yaml). */
export interface Baseline {
  implementation: string;
  expectedFailures: { check: string; reason: string }[];
}

export class BaselineError extends KeelError {
  constructor(message: string) {
    super("conform/bad-baseline", message);
  }
}

export function parseBaseline(text: string, file: string, known: readonly string[]): Baseline {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    throw new BaselineError(`expected ${file} to be YAML, ${(e as Error).message}`);
  }
  const d = doc as { implementation?: unknown; "expected-failures"?: unknown };
  const list = d?.["expected-failures"];
  if (typeof d?.implementation !== "string" || !Array.isArray(list))
    throw new BaselineError(
      `expected ${file} to have implementation: <name> and expected-failures: [ {check, reason} ]`,
    );
  const expectedFailures = list.map((item, i) => {
    const { check, reason } = (item ?? {}) as { check?: unknown; reason?: unknown };
    if (typeof check !== "string" || typeof reason !== "string")
      throw new BaselineError(`expected ${file} expected-failures[${i}] to have a check and a reason`);
    if (!known.includes(check))
      throw new BaselineError(`expected ${file} to list known checks, found ${check}`);
    return { check, reason };
  });
  return { implementation: d.implementation, expectedFailures };
}

/**
 * A listed check that fails becomes `xfail` (does not fail the run); a listed check that passes fails
 * the run, so a baseline cannot rot once the implementation is fixed.
 */
export function applyBaseline(checks: readonly CheckResult[], baseline: Baseline): CheckResult[] {
  return checks.map((c) => {
    const entry = baseline.expectedFailures.find((e) => e.check === c.name);
    if (!entry) return c;
    if (c.status === "fail")
      return { ...c, status: "xfail", reason: `expected failure (${entry.reason}): ${c.reason ?? ""}` };
    if (c.status === "pass")
      return {
        ...c,
        status: "fail",
        reason: `listed in the ${baseline.implementation} baseline as failing, but passes now: remove it from the baseline`,
      };
    return c;
  });
}
