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

  for (const [kw, combine, guarded] of [
    ["anyOf", "z.union", "anyOf"],
    ["oneOf", "z.xor", "oneOf"],
  ] as const) {
    const list = branches(kw).map((b, i) => branch(kw, i, b));
    if (list.length === 0) continue;
    const build = () => {
      const codes = list.map((c) => c.build());
      if (codes.length === 1) return codes[0] as string;
      const guards = branches(kw).map((b, i) => e.guard(b, child(at, kw, i)));
      if (guards.every((g) => g === undefined)) return `${combine}([${codes.join(", ")}])`;
      e.helpers.add(guarded);
      const tests = guards.map((g) => (g === undefined ? "undefined" : `(v: unknown): boolean => ${g}`));
      return `${guarded}([${codes.join(", ")}], [${tests.join(", ")}])`;
    };
    candidates.push({ keyword: kw, at: child(at, kw), build });
  }
  candidates.push(...allOf.filter((_, i) => !isRef(branches("allOf")[i] as Schema)));

  // as direct tests (predicate.ts) of the keyword on its own: `{ not }`, `{ if, then }`, `{ if, else }`
  if (s.not !== undefined) {
    predicates.push({
      keyword: "not",
      message: `expected the value not to match ${where(child(at, "not"))}`,
      test: e.test({ not: s.not }, at, known),
    });
  }
  if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
    for (const [kw, whenIf] of [
      ["then", true],
      ["else", false],
    ] as const) {
      if (s[kw] === undefined) continue;
      const message = `expected the value to match ${where(child(at, kw))} (its "if" ${whenIf ? "matched" : "did not match"})`;
      predicates.push({ keyword: kw, message, test: e.test({ if: s.if, [kw]: s[kw] }, at, known) });
    }
  }
}
