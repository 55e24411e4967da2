/**
 * Matchers for golden exchanges. An expected value is a literal (compared deeply; objects match when
 * every expected key matches, extra actual keys are allowed because the peers under test ignore unknown
 * fields) or a matcher object whose single key starts with `$`:
 *   {"$type": "string"}, {"$regex": "^run-"}, {"$any": true}, {"$absent": true},
 *   {"$range": {"min": 0, "max": 1}}, {"$capture": "runId"} (bind once, require equal later).
 */
export type Captures = Map<string, unknown>;

export interface Mismatch {
  pointer: string;
  expected: string;
  actual: string;
}

const MATCHER_KEYS = new Set(["$type", "$regex", "$any", "$absent", "$range", "$capture"]);

export function isMatcher(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && MATCHER_KEYS.has(keys[0] as string);
}

export function match(expected: unknown, actual: unknown, captures: Captures, pointer = ""): Mismatch[] {
  if (isMatcher(expected)) return matchOne(expected, actual, captures, pointer);
  if (actual === undefined) return [miss(pointer, show(expected), "absent")];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return [miss(pointer, `array of ${expected.length}`, show(actual))];
    return expected.flatMap((e, i) => match(e, actual[i], captures, `${pointer}/${i}`));
  }
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual))
      return [miss(pointer, "object", show(actual))];
    const a = actual as Record<string, unknown>;
    return Object.entries(expected).flatMap(([k, e]) =>
      match(e, a[k], captures, `${pointer}/${escapeToken(k)}`),
    );
  }
  return Object.is(expected, actual) ? [] : [miss(pointer, show(expected), show(actual))];
}

function matchOne(
  m: Record<string, unknown>,
  actual: unknown,
  captures: Captures,
  pointer: string,
): Mismatch[] {
  if ("$any" in m) return actual === undefined ? [miss(pointer, "any value", "absent")] : [];
  if ("$absent" in m) return actual === undefined ? [] : [miss(pointer, "absent", show(actual))];
  if (actual === undefined) return [miss(pointer, describe(m), "absent")];
  if ("$type" in m) return typeOf(actual) === m.$type ? [] : [miss(pointer, `a ${m.$type}`, show(actual))];
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
  if (!captures.has(name)) {
    captures.set(name, actual);
    return [];
  }
  const bound = captures.get(name);
  return JSON.stringify(bound) === JSON.stringify(actual)
    ? []
    : [miss(pointer, `${show(bound)} (captured as ${name})`, show(actual))];
}

/** JSON's type names, with integers told apart from other numbers. */
export function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
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
const escapeToken = (k: string) => k.replaceAll("~", "~0").replaceAll("/", "~1");
export const show = (v: unknown): string => (v === undefined ? "absent" : truncate(JSON.stringify(v), 120));
const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
