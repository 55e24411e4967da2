import type { Schema, SchemaObject } from "@keel/schema-model";
import { type Candidate, child, type EmitContext, type Location, type Predicate, where } from "./context.js";
import type { Family } from "./keywords.js";

/**
 * The in-place applicators. Each branch sees the same value, so none is merged into another: allOf
 * branches, anyOf (`z.union`) and oneOf (`z.xor`, exactly one) can serve as the base schema, and whatever
 * is not the base becomes a check that runs a hoisted branch on the unchanged value. This keeps JSON
 * Schema's verdicts where zod would differ: `z.intersection` of strict objects rejects each other's keys,
 * and merging would let one branch's `additionalProperties` see keys it never judged.
 */
export function emitCombinators(
  e: EmitContext,
  s: SchemaObject,
  at: Location,
  known: ReadonlySet<Family>,
  candidates: Candidate[],
  predicates: Predicate[],
): void {
  const branches = (kw: string): Schema[] => (Array.isArray(s[kw]) ? (s[kw] as Schema[]) : []);
  const branch = (kw: string, i: number, b: Schema): Candidate => {
    const bAt = child(at, kw, i);
    const c: Candidate = { keyword: kw, at: bAt, build: () => e.node(b, bAt, known) };
    return kw === "allOf" ? { ...c, schema: b } : c;
  };
  const allOf = branches("allOf").map((b, i) => branch("allOf", i, b));
  const isRef = (b: Schema): boolean => typeof b === "object" && typeof b.$ref === "string";
  candidates.push(...allOf.filter((_, i) => isRef(branches("allOf")[i] as Schema)));

  for (const [kw, combine] of [
    ["anyOf", "z.union"],
    ["oneOf", "z.xor"],
  ] as const) {
    const list = branches(kw).map((b, i) => branch(kw, i, b));
    if (list.length === 0) continue;
    const build = () => {
      const codes = list.map((c) => c.build());
      return codes.length === 1 ? (codes[0] as string) : `${combine}([${codes.join(", ")}])`;
    };
    candidates.push({ keyword: kw, at: child(at, kw), build });
  }
  candidates.push(...allOf.filter((_, i) => !isRef(branches("allOf")[i] as Schema)));

  if (s.not !== undefined) {
    const pattern = onlyPattern(s.not as Schema);
    // a lone pattern is tested in place: running a hoisted schema builds a zod issue each time it fails
    // (i.e. every time the `not` holds); a pattern ignores non-strings, so `not` refuses them
    const test =
      pattern === undefined
        ? `!holds(${e.hoistSchema(s.not as Schema, child(at, "not"), known)}, v)`
        : `typeof v === "string" && !${e.regex(pattern, child(at, "not"))}.test(v)`;
    predicates.push({
      keyword: "not",
      message: `expected the value not to match ${where(child(at, "not"))}`,
      test,
    });
  }
  if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
    const test = e.hoistSchema(s.if as Schema, child(at, "if"), known);
    for (const [kw, whenIf] of [
      ["then", true],
      ["else", false],
    ] as const) {
      if (s[kw] === undefined) continue;
      const target = e.hoistSchema(s[kw] as Schema, child(at, kw), known);
      const message = `expected the value to match ${where(child(at, kw))} (its "if" ${whenIf ? "matched" : "did not match"})`;
      const guard = whenIf ? `!holds(${test}, v)` : `holds(${test}, v)`;
      predicates.push({ keyword: kw, message, test: `${guard} || holds(${target}, v)` });
    }
  }
}

/** The pattern of a schema that says nothing else (`{ pattern }`, `{ type: "string", pattern }` under a string). */
function onlyPattern(s: Schema): string | undefined {
  if (typeof s !== "object" || typeof s.pattern !== "string") return undefined;
  const keys = Object.keys(s).filter((k) => !["description", "$comment", "title"].includes(k));
  return keys.length === 1 ? s.pattern : undefined;
}
