import type { Candidate, Lazy, RawToken } from "./candidate.js";
import { asObject, locOf } from "./context.js";
import type { Base, Rule } from "./env.js";
import { setAt } from "./json.js";
import { stemFor } from "./naming.js";
import { show, stringRules, where, withKeyword } from "./site-facts.js";
import type { Site } from "./sites.js";

/**
 * Dialect probes: documents on which JSON Schema validators are known to differ (docs/dialects.md lists
 * each probe). They claim no verdict: ajv, keel's reference, decides each one (`verify.ts` `decide`), and
 * a valid one passes the protocol's rules like every valid fixture.
 */

/** A probe candidate at `site`: the value replaced, named `dialect-<probe>-<pointer>`. */
function probe(
  base: Base,
  site: Site,
  name: string,
  keyword: string,
  why: string,
  value: unknown,
  raw?: string,
): Candidate {
  const rawTokens: RawToken[] = raw === undefined ? [] : [{ path: site.path, text: raw }];
  return {
    type: base.type,
    expect: "valid",
    pointer: site.pointer,
    keyword,
    stem: stemFor(`dialect-${name}`, site.pointer),
    why,
    document: setAt(base.doc, site.path, value),
    probes: [name],
    ...(rawTokens.length > 0 ? { raw: rawTokens } : {}),
    decide: true,
  };
}

/** A pattern whose last `$` is an unescaped end anchor. */
export const endAnchored = (pattern: string): boolean => /(^|[^\\])(\\\\)*\$$/.test(pattern);

const LINE_ENDS: ReadonlyArray<[name: string, text: string, label: string]> = [
  ["pattern-trailing-lf", "\n", "a line feed"],
  ["pattern-trailing-crlf", "\r\n", "a carriage return and line feed"],
  ["pattern-trailing-ls", "\u2028", "a U+2028 line separator"],
];

/**
 * A line end after a value its end-anchored pattern takes: ECMAScript's `$` (ajv) matches only at the
 * end of the text, Python's and PCRE's also before a final `\n`, Java's and .NET's before other line ends.
 */
export const dialectPatterns: Rule = function* (site, base) {
  if (typeof site.value !== "string") return;
  const value = site.value;
  for (const { ctx, schema } of withKeyword(site, "pattern")) {
    const pattern = schema.pattern as string;
    if (!endAnchored(pattern)) continue;
    for (const [name, end, label] of LINE_ENDS)
      yield {
        // per document type: a colony refusing a trail and one refusing an outcome report are separate code paths
        key: `${base.type}|${locOf(ctx)}|dialect|${name}`,
        make: () =>
          probe(
            base,
            site,
            name,
            "pattern",
            `${where(site.pointer)} holds ${show(value)} followed by ${label}, against ${show(pattern)}`,
            `${value}${end}`,
          ),
      };
  }
};

const TWO_53 = 2 ** 53;

interface IntegerProbe {
  name: string;
  /** the value JSON.parse reads (what ajv judges) */
  value: (current: number) => number;
  /** the text written to the file, when JSON.stringify would write another */
  raw?: (current: number) => string;
  label: string;
}

const INTEGER_PROBES: readonly IntegerProbe[] = [
  {
    name: "integer-2-53",
    value: () => TWO_53,
    label: "2^53 (9007199254740992), the first integer a double cannot tell from its successor",
  },
  { name: "integer-minus-2-53", value: () => -TWO_53, label: "-2^53" },
  {
    name: "integer-past-2-53",
    value: () => TWO_53,
    raw: () => "9007199254740993",
    label: "2^53 + 1 (9007199254740993), which a double reads as 2^53",
  },
  {
    name: "integer-past-int64",
    value: () => 2 ** 64,
    raw: () => "18446744073709551616",
    label: "2^64 (18446744073709551616), past every 64-bit integer type",
  },
  {
    name: "integer-decimal-point",
    value: (n) => n,
    raw: (n) => `${n}.0`,
    label: "written with a decimal point (`N.0`), an integer by JSON Schema since draft 6",
  },
  { name: "integer-negative-zero", value: () => 0, raw: () => "-0", label: "written as `-0`" },
];

/**
 * Integers a validator reads differently: at and past ±2^53 (doubles, zod's safe integers, int64), `N.0`
 * (draft 4, strict decoders) and `-0` — each only where the schema's bounds allow the value.
 */
export const dialectIntegers: Rule = function* (site, base) {
  if (typeof site.value !== "number" || !Number.isInteger(site.value)) return;
  const current = site.value;
  const integerCtx = site.ctxs.find((c) => asObject(c.schema)?.type === "integer");
  if (integerCtx === undefined) return;
  const within = (n: number) =>
    site.ctxs.every((c) => {
      const s = asObject(c.schema);
      if (s === undefined) return true;
      const fits = (kw: string, ok: (bound: number) => boolean) =>
        typeof s[kw] !== "number" || ok(s[kw] as number);
      return (
        fits("minimum", (b) => n >= b) &&
        fits("maximum", (b) => n <= b) &&
        fits("exclusiveMinimum", (b) => n > b) &&
        fits("exclusiveMaximum", (b) => n < b) &&
        (!Array.isArray(s.enum) || s.enum.includes(n)) &&
        (s.const === undefined || s.const === n)
      );
    });
  for (const p of INTEGER_PROBES) {
    const value = p.value(current);
    if (!within(value)) continue;
    const raw = p.raw?.(current);
    yield {
      key: `${locOf(integerCtx)}|dialect|${p.name}`,
      make: () => probe(base, site, p.name, "type", `${where(site.pointer)} is ${p.label}`, value, raw),
    } satisfies Lazy;
  }
};

/**
 * A lone surrogate (`\ud800`, legal in a JSON string, not in UTF-8) in one free-text string per document
 * type: no pattern, format, enum or const decides that string's value.
 */
export const dialectSurrogates: Rule = function* (site, base) {
  if (typeof site.value !== "string") return;
  const rules = stringRules(site);
  if (rules.fixed || rules.patterns.length > 0 || rules.notPatterns.length > 0) return;
  const value = site.value;
  yield {
    key: `${base.type}|dialect|string-lone-surrogate`,
    make: () =>
      probe(
        base,
        site,
        "string-lone-surrogate",
        "type",
        `${where(site.pointer)} ends in a lone surrogate (\\ud800 escaped in the file)`,
        `${value}\ud800`,
      ),
  };
};

/**
 * Length boundaries that are probes too: a valid string at maxLength code points holding astral
 * characters is over the bound in UTF-16 units (and UTF-8 bytes); an invalid one under minLength code
 * points can reach it in UTF-16 units. Tagged on the boundary fixtures `bounds.ts` builds.
 */
export function lengthProbes(c: Candidate, text: unknown): string[] {
  if (typeof text !== "string") return [];
  const units = text.length;
  const points = [...text].length;
  if (units === points) return [];
  if (c.expect === "valid" && c.keyword === "maxLength") return ["length-astral-at-max"];
  if (c.expect === "invalid" && c.keyword === "minLength" && units > points)
    return ["length-astral-under-min"];
  return [];
}
