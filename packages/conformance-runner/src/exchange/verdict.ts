import { isRecord } from "@keel/diagnostics";
import type { ExchangeDriver, Traffic } from "../traffic.js";
import type { CheckResult } from "../verdicts.js";
import { isMatcher, type MatchContext, type Mismatch, match } from "./matchers.js";

/** The document inside an answer with its strictness, the envelope around it leniently. */
export function matchAnswer(
  driver: ExchangeDriver,
  expected: unknown,
  actual: unknown,
  ctx: MatchContext,
): Mismatch[] {
  const want = driver.prepare ? driver.prepare(expected) : expected;
  const key = driver.document;
  if (key === null) return match(want, actual, { ...ctx, strict: false });
  if (key === undefined || !isRecord(want) || !isRecord(actual) || isMatcher(want))
    return match(want, actual, ctx);
  const { [key]: document, ...envelope } = want as Record<string, unknown>;
  return [
    ...match(envelope, actual, { ...ctx, strict: false }),
    ...(document === undefined ? [] : match(document, actual[key], ctx, `/${key}`)),
  ];
}

/** A `pending` exchange: its failure is expected (xfail), its passing fails the run. */
export function pending(r: CheckResult, why: string): CheckResult {
  if (r.status === "fail")
    return { ...r, status: "xfail", reason: `expected failure (pending: ${why}): ${r.reason}` };
  if (r.status === "pass")
    return {
      ...r,
      status: "fail",
      reason: `marked pending (${why}) but passes now: remove "pending" from the exchange`,
    };
  return r;
}

const TAIL = 12;
const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

/** The last messages of a channel, one line each (`>` sent, `<` received), for a failing exchange. */
export function trafficTail(traffic: Traffic): string[] {
  return traffic.entries
    .slice(-TAIL)
    .map(
      (e) =>
        `${e.direction === "out" ? ">" : "<"} ${clip(typeof e.data === "string" ? e.data : JSON.stringify(e.data))}`,
    );
}
