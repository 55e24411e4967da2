import { joinPointer } from "@keel/schema-model";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { validatorName } from "../src/ajv/index.js";
import { loadPair, outcome, type Pair, type Sample, samples } from "./ajv-support.js";
import { protocols, registry } from "./zod-support.js";

// Seeded random documents per document type: a valid fixture or example with up to three of its strings
// replaced by strings at (±1 of) the length bounds plain ajv reports there, counted in code points and in
// UTF-16 units, mixing ASCII, BMP, astral characters and lone surrogates. keel and plain ajv must agree.
const RUNS_PER_TYPE = 160;
const SEED = 7;
const SEEDS_PER_TYPE = 4;
const pairs = new Map<string, Pair>();
beforeAll(async () => {
  for (const protocol of protocols) pairs.set(protocol, await loadPair(protocol));
});

type Path = (string | number)[];

function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function replaceAt(doc: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(doc) ? [...doc] : { ...(doc as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...Path];
  copy[head] = replaceAt(copy[head], rest, value);
  return copy;
}

const pointer = (path: Path) => joinPointer("", ...path);

/** The minLength/maxLength limits plain ajv reports at a spot, probing with an empty and a huge string. */
function boundsAt(pair: Pair, s: Sample, path: Path, huge: string): number[] {
  const validate = pair.reference.validator(s.type);
  const limits = new Set<number>([1]);
  for (const probe of ["", huge]) {
    validate(replaceAt(s.value, path, probe));
    for (const e of validate.errors ?? [])
      if (e.instancePath === pointer(path) && (e.keyword === "minLength" || e.keyword === "maxLength"))
        limits.add((e.params as { limit: number }).limit);
  }
  return [...limits];
}

const PIECES = ["a", "é", "中", "\u{1F600}", "\uD83D", "\uDE00"];

/** `count` pieces; `mix` picks which (0: ASCII only, 1: astral only, else a deterministic blend). */
function makeString(count: number, mix: number, seed: number): string {
  if (mix === 0) return "a".repeat(count);
  if (mix === 1) return "\u{1F600}".repeat(count);
  let x = seed >>> 0 || 1;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const r = x >>> 16;
    out.push(mix === 2 ? (r % 4 === 0 ? "\u{1F600}" : "a") : (PIECES[r % PIECES.length] as string));
  }
  return out.join("");
}

const edit = fc.record({
  where: fc.nat(),
  bound: fc.nat(),
  // b-1, b, b+1, and around 2b and b/2, where UTF-16 length and code points decide differently
  scale: fc.constantFrom(1, 2, 0.5),
  delta: fc.integer({ min: -1, max: 1 }),
  mix: fc.integer({ min: 0, max: 3 }),
  seed: fc.nat(),
});

describe.each(protocols)("%s", (protocol) => {
  test("keel and plain ajv agree on random strings at every length bound ±1", () => {
    const pair = pairs.get(protocol) as Pair;
    const { fixtures, examples } = samples(protocol);
    const all = [...fixtures, ...examples];
    let cases = 0;
    let valid = 0;
    let lengthErrors = 0;
    let bounded = false;
    // one past the largest maxLength anywhere in the protocol's schemas
    const maxBound = Math.max(
      0,
      ...[...JSON.stringify(pair.set.all.map((f) => f.schema)).matchAll(/"maxLength":(\d+)/g)].map((m) =>
        Number(m[1]),
      ),
    );
    const huge = "x".repeat(maxBound + 1);
    for (const type of Object.keys(registry.protocols[protocol]?.documentTypes ?? {})) {
      const reference = pair.reference.validator(type);
      const keel = pair.keel[validatorName(type)] as NonNullable<Pair["keel"][string]>;
      const seeds = all
        .filter((s) => s.type === type && reference(s.value) && stringPaths(s.value).length > 0)
        .slice(0, SEEDS_PER_TYPE);
      if (seeds.length === 0) continue;
      const spots = seeds.map((s) =>
        stringPaths(s.value).map((path) => ({ path, bounds: boundsAt(pair, s, path, huge) })),
      );
      bounded ||= spots.some((ss) => ss.some((spot) => spot.bounds.length > 1));
      fc.assert(
        fc.property(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 3 }), (which, edits) => {
          const i = which % seeds.length;
          let doc = (seeds[i] as Sample).value;
          const seedSpots = spots[i] as { path: Path; bounds: number[] }[];
          for (const e of edits) {
            const spot = seedSpots[e.where % seedSpots.length] as { path: Path; bounds: number[] };
            const b = spot.bounds[e.bound % spot.bounds.length] as number;
            const count = Math.max(0, Math.round(b * e.scale) + e.delta);
            doc = replaceAt(doc, spot.path, makeString(count, e.mix, e.seed));
          }
          const want = outcome(reference, doc);
          cases++;
          if (want.valid) valid++;
          if (want.errors.some((x) => /Length$/.test(String((x as unknown[])[1])))) lengthErrors++;
          expect(outcome(keel, doc)).toEqual(want);
        }),
        { seed: SEED, numRuns: RUNS_PER_TYPE },
      );
    }
    console.log(`${protocol}: ${cases} random documents, ${valid} valid, ${lengthErrors} with length errors`);
    // atif and mira have no length bounds: nothing to hit there, the documents still have to agree
    if (bounded) expect(lengthErrors).toBeGreaterThan(0);
    expect(valid).toBeGreaterThan(0);
  });
});
