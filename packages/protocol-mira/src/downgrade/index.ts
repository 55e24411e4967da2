import { type Finding, isRecord } from "@keel/diagnostics";
import type { DowngradeResult } from "@keel/downgrade";
import { registryEntry } from "../generated/constants.gen.js";
import {
  type DowngradeRoot,
  type DowngradeTarget,
  downgradePlans,
  downgradeTo,
} from "../generated/downgrade.gen.js";
import { classify } from "../rules/index.js";
import { miraProjection } from "./projection.js";

export interface LineDowngradeOptions {
  /** for a response: the method of the request it answers, so its `result` is downgraded as that method's result */
  method?: string;
}

/** The older released minors a line of this version downgrades to. */
export const downgradeTargets = Object.keys(downgradePlans) as DowngradeTarget[];

/**
 * Downgrade one Mira wire line for a peer speaking an older released minor: what that version does not
 * name is stripped, what it requires is filled (transcript fields projected from the trajectory), and
 * the answer to `initialize` states the older version. A response does not say which method it answers,
 * so its `result` is shaped only when `options.method` names the request's method.
 */
export function downgradeLine(
  line: unknown,
  to: DowngradeTarget,
  options: LineDowngradeOptions = {},
): DowngradeResult {
  const type = classify(line);
  // only the answer to initialize carries the study's version; another result's field of that name is data
  const setVersion = options.method === undefined || options.method === "initialize";
  const whole = downgradeTo(to, type, line, { fill: miraProjection, setVersion });
  if (type === "request") return hostVersion(whole, to);
  const resultRoot = options.method === undefined ? undefined : resultDefinition(to, options.method);
  const doc = whole.document;
  if (type !== "response" || resultRoot === undefined || !isRecord(doc) || !isRecord(doc.result))
    return whole;
  const result = downgradeTo(to, resultRoot, doc.result, { fill: miraProjection, setVersion: false });
  const under = <T extends { pointer: string }>(x: T): T => ({ ...x, pointer: `/result${x.pointer}` });
  return {
    document: { ...doc, result: result.document },
    changes: [...whole.changes, ...result.changes.map(under)],
    problems: [...whole.problems, ...result.problems.map((p): Finding => under(p))],
  };
}

/**
 * The host's `initialize` states the older version too (registry facts: versionField.carriedBy), when it
 * said a newer one: a version the host left out was filled with the default ("1.0"), never raised.
 */
function hostVersion(r: DowngradeResult, to: DowngradeTarget): DowngradeResult {
  const doc = r.document;
  if (!isRecord(doc) || doc.method !== "initialize" || !isRecord(doc.params)) return r;
  const from = doc.params.protocol_version;
  if (typeof from !== "string" || !newer(from, to)) return r;
  return {
    ...r,
    document: { ...doc, params: { ...doc.params, protocol_version: to } },
    changes: [
      ...r.changes,
      { action: "version-set", pointer: "/params/protocol_version", detail: `version "${from}" → "${to}"` },
    ],
  };
}

/** Whether dot-separated version `a` is later than `b` (`1.1.0` is not later than `1.1`). */
function newer(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < Math.max(x?.length ?? 0, y?.length ?? 0); i++) {
    const d = (x?.[i] ?? 0) - (y?.[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}

/** The registry's result definition for a method ("#/$defs/RunResult"), when the method has one. */
function resultDefinition(to: DowngradeTarget, method: string): DowngradeRoot | undefined {
  const schemas = registryEntry.facts.methodSchemas as Record<string, { result: string | null } | undefined>;
  const result = Object.hasOwn(schemas, method) ? schemas[method]?.result : undefined;
  return typeof result === "string" && Object.keys(downgradePlans[to].roots).includes(result)
    ? (result as DowngradeRoot)
    : undefined;
}
