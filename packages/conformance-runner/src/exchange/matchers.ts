import { escapeToken, isRecord, jsonType, show as showValue } from "@keel/diagnostics";

/**
 * Matchers for golden exchanges. An expected value is a literal (compared deeply; arrays item by item;
 * objects key by key, and — only when `strict` — without extra actual keys) or a matcher, an object
 * whose single key names it:
 *   {"$type": "string"}, {"$regex": "^run-"}, {"$any": true}, {"$absent": true},
 *   {"$range": {"min": 0, "max": 1}}, {"$capture": "runId"} (bind once, require equal later),
 *   {"$exact": {...}} (this object strictly, all the way down), {"$literal": v} (v as a literal).
 */
export type Captures = Map<string, unknown>;

export interface Mismatch {
  pointer: string;
  expected: string;
  actual: string;
}

export interface MatchContext {
  captures: Captures;
  /** extra actual keys are mismatches (a strict consumer's answers), or allowed (a lenient one's) */
  strict: boolean;
}

export const MATCHERS = [
  "$type",
  "$regex",
  "$any",
  "$absent",
  "$default",
  "$range",
  "$capture",
  "$exact",
  "$literal",
];
const KNOWN = new Set(MATCHERS);

export function isMatcher(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && KNOWN.has(keys[0] as string);
}

export function match(expected: unknown, actual: unknown, ctx: MatchContext, pointer = ""): Mismatch[] {
  if (isMatcher(expected)) return matchOne(expected, actual, ctx, pointer);
  if (actual === undefined) return [miss(pointer, show(expected), "absent")];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return [miss(pointer, `array of ${expected.length}`, show(actual))];
    return expected.flatMap((e, i) => match(e, actual[i], ctx, `${pointer}/${i}`));
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return [miss(pointer, "object", show(actual))];
    const out = Object.entries(expected).flatMap(([k, e]) =>
      match(e, actual[k], ctx, `${pointer}/${escapeToken(k)}`),
    );
    if (ctx.strict)
      for (const k of Object.keys(actual))
        if (!Object.hasOwn(expected, k) && actual[k] !== undefined)
          out.push(miss(`${pointer}/${escapeToken(k)}`, "absent (no unknown fields)", show(actual[k])));
    return out;
  }
  return Object.is(expected, actual) ? [] : [miss(pointer, show(expected), show(actual))];
}

function matchOne(
  m: Record<string, unknown>,
  actual: unknown,
  ctx: MatchContext,
  pointer: string,
): Mismatch[] {
  if ("$literal" in m)
    return JSON.stringify(m.$literal) === JSON.stringify(actual)
      ? []
      : [miss(pointer, show(m.$literal), show(actual))];
  if ("$exact" in m) return match(m.$exact, actual, { ...ctx, strict: true }, pointer);
  if ("$any" in m) return actual === undefined ? [miss(pointer, "any value", "absent")] : [];
  if ("$absent" in m) return actual === undefined ? [] : [miss(pointer, "absent", show(actual))];
  // absent means the default, so either is the same answer
  if ("$default" in m)
    return actual === undefined || JSON.stringify(m.$default) === JSON.stringify(actual)
      ? []
      : [miss(pointer, `${show(m.$default)} or absent (its default)`, show(actual))];
  if (actual === undefined) return [miss(pointer, describe(m), "absent")];
  // an integer is a number too (JSON Schema's reading): a cost of 0 matches {"$type": "number"}
  const number = m.$type === "number" && typeof actual === "number";
  if ("$type" in m)
    return number || jsonType(actual) === m.$type ? [] : [miss(pointer, `a ${m.$type}`, show(actual))];
  if ("$regex" in m) {
    const ok = typeof actual === "string" && new RegExp(String(m.$regex), "u").test(actual);
    return ok ? [] : [miss(pointer, describe(m), show(actual))];
  }
  if ("$range" in m) {
    const { min = -Infinity, max = Infinity } = m.$range as { min?: number; max?: number };
    const ok = typeof actual === "number" && actual >= min && actual <= max;
    return ok ? [] : [miss(pointer, describe(m), show(actual))];
  }
  const name = String(m.$capture);
  if (!ctx.captures.has(name)) {
    ctx.captures.set(name, actual);
    return [];
  }
  const bound = ctx.captures.get(name);
  return JSON.stringify(bound) === JSON.stringify(actual)
    ? []
    : [miss(pointer, `${show(bound)} (captured as ${name})`, show(actual))];
}

function describe(m: Record<string, unknown>): string {
  if ("$regex" in m) return `a string matching /${m.$regex}/`;
  if ("$range" in m) {
    const r = m.$range as { min?: number; max?: number };
    return `a number in ${r.min ?? "-∞"}..${r.max ?? "∞"}`;
  }
  return JSON.stringify(m);
}

const miss = (pointer: string, expected: string, actual: string): Mismatch => ({ pointer, expected, actual });
// a report says "absent" where a property is missing; values are cut longer than the catalogue's
export const show = (v: unknown): string => (v === undefined ? "absent" : showValue(v, 121));
