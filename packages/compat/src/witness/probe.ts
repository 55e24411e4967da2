import {
  fragmentToPointer,
  getAtPointer,
  joinPointer,
  type SchemaFile,
  type SchemaObject,
  type SchemaSet,
} from "@keel/schema-model";
import type { CompatFinding, Party } from "../types.js";
import { alternatives, edits, fake, type Generate, gainedStrings, PROBES } from "./candidates.js";
import { absolute } from "./pointers.js";
import type { Reader } from "./readers.js";
import type { Site } from "./sites.js";

/** Names edited per site besides a finding's own: enough to find each kind of change, few enough to stay quick. */
export const NAMES = 6;

/** The values to write at property `name` of a site: plain probes plus what either version's schemas make. */
function valuesFor(
  gen: Generate,
  older: SchemaFile,
  newer: SchemaFile,
  site: Site,
  name: string,
  seed: number,
): unknown[] {
  const out = [...PROBES];
  const at = (f: SchemaFile, base: string) => [
    joinPointer(base, "properties", name),
    joinPointer(base, "additionalProperties"),
    ...Object.keys(
      ((getAtPointer(f.schema, base) as SchemaObject | undefined)?.patternProperties ?? {}) as object,
    )
      .filter((p) => safeTest(p, name))
      .map((p) => joinPointer(base, "patternProperties", p)),
  ];
  for (const p of at(older, site.older)) out.push(...fake(gen, older.schema, p, 2, seed));
  for (const p of at(newer, site.newer)) out.push(...fake(gen, newer.schema, p, 2, seed));
  out.push(...listed(older.schema, joinPointer(site.older, "properties", name)));
  out.push(...listed(newer.schema, joinPointer(site.newer, "properties", name)));
  return out;
}

/** The values an enum or const at `pointer` lists, and its anyOf/oneOf branches' (the faker rarely picks a newly added one). */
export function listed(root: SchemaObject, pointer: string, depth = 0): unknown[] {
  const s = getAtPointer(root, pointer) as SchemaObject | undefined;
  if (s === undefined || s === null || typeof s !== "object" || depth > 4) return [];
  if (Object.hasOwn(s, "const")) return [s.const];
  // a local $ref lists what its target lists (`["error", options]` tuples name their levels so)
  if (typeof s.$ref === "string" && s.$ref.startsWith("#"))
    return listed(root, fragmentToPointer(s.$ref), depth + 1);
  const out = Array.isArray(s.enum) ? [...s.enum] : [];
  out.push(...edges(s));
  for (const kw of ["anyOf", "oneOf"])
    if (Array.isArray(s[kw]))
      (s[kw] as unknown[]).forEach((_, i) => {
        out.push(...listed(root, joinPointer(pointer, kw, i), depth + 1));
      });
  out.push(...tuples(root, pointer, s, depth));
  return out;
}

/** Objects of one member each, the member's first listed value (or "x"), for the names an object schema declares. */
function members(root: SchemaObject, pointer: string, depth: number): unknown[] {
  const s = getAtPointer(root, pointer) as SchemaObject | undefined;
  const props = s?.properties;
  if (props === null || typeof props !== "object") return [];
  return Object.keys(props)
    .slice(0, 8)
    .map((name) => {
      const v = listed(root, joinPointer(pointer, "properties", name), depth + 1);
      return { [name]: v.length > 0 ? v.at(-1) : "x" };
    });
}

/** Plain values for a tuple position that lists none. */
const FILLERS: unknown[] = [{}, "x", 0, true, []];

/**
 * Tuples of a tuple schema (`items: [A, B]`): each position's first listed value, varied one position at a
 * time over what that position lists, at the full length and one item short.
 */
function tuples(root: SchemaObject, pointer: string, s: SchemaObject, depth: number): unknown[] {
  const kw = Array.isArray(s.prefixItems) ? "prefixItems" : Array.isArray(s.items) ? "items" : undefined;
  const items = kw === undefined ? [] : (s[kw] as unknown[]);
  if (kw === undefined || items.length === 0 || items.length > 6) return [];
  const values = items.map((item, j) => {
    const at = joinPointer(pointer, kw, j);
    const own = [...listed(root, at, depth + 1).slice(0, 8), ...members(root, at, depth)];
    return own.length > 0 ? own : fillers(item);
  });
  const base = values.map((v) => v[0]);
  const out: unknown[] = [base, base.slice(0, -1)];
  values.forEach((vs, j) => {
    for (const v of vs.slice(1)) out.push(base.map((b, k) => (k === j ? v : b)));
  });
  // an open tuple takes items past its positions: one more of each plain kind (the rest may have narrowed)
  const rest = kw === "items" ? s.additionalItems : s.items;
  const max = typeof s.maxItems === "number" ? s.maxItems : Number.POSITIVE_INFINITY;
  if (rest !== false && max > items.length) for (const f of FILLERS) out.push([...base, f]);
  return out;
}

/** Plain values for a position, its own type's first (`["x"]` for a string position, not `[{}]`). */
function fillers(item: unknown): unknown[] {
  const t = (item as SchemaObject | null)?.type;
  const first =
    typeof t === "string" ? FILLERS.find((f) => kindOf(f) === t || (t === "integer" && f === 0)) : undefined;
  return first === undefined ? FILLERS : [first, ...FILLERS.filter((f) => f !== first)];
}

const kindOf = (v: unknown): string =>
  Array.isArray(v) ? "array" : v === null ? "null" : typeof v === "number" ? "number" : typeof v;

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const itemOf = (s: SchemaObject): unknown => {
  const items = Array.isArray(s.items) ? s.items[0] : s.items;
  const t = (items as SchemaObject | undefined)?.type;
  return t === "string" ? "x" : t === "integer" || t === "number" ? 0 : t === "object" ? {} : null;
};

/** Values on and just past each bound a subschema sets, and on and off its grid (the faker seldom lands on an edge). */
export function edges(s: SchemaObject): unknown[] {
  const out: unknown[] = [];
  for (const kw of ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"]) {
    const v = s[kw];
    if (num(v)) out.push(v - 1, v, v + 1, v + 0.5);
  }
  const m = s.multipleOf;
  if (num(m) && m > 0) out.push(m, m / 2, m * 1.5, m * 3);
  const text = (n: number) => "x".repeat(Math.max(0, Math.min(n, 10_000)));
  for (const kw of ["maxLength", "minLength"]) {
    const v = s[kw];
    if (num(v)) out.push(...[v - 1, v, v + 1].filter((n) => n >= 0).map(text));
  }
  for (const kw of ["maxItems", "minItems"]) {
    const v = s[kw];
    if (num(v) && v < 1000)
      out.push(
        ...[v - 1, v, v + 1].filter((n) => n >= 0).map((n) => Array.from({ length: n }, () => itemOf(s))),
      );
  }
  for (const kw of ["maxProperties", "minProperties"]) {
    const v = s[kw];
    if (num(v) && v < 1000)
      out.push(
        ...[v - 1, v, v + 1]
          .filter((n) => n >= 0)
          .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, null]))),
      );
  }
  return out;
}

function safeTest(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}

/**
 * Documents to probe a site with: the values either version lists there, `{}`, documents generated for
 * either version's subschema (seeded), and targeted edits — each name a finding points at (and a sample of
 * the names whose schemas differ) set to plain values of every JSON type and to what either version
 * generates there, or removed. Lazily, cheapest first: generating for a large schema takes a while, and
 * edits of `{}` with plain values show most changes of an object.
 */
export function* candidates(
  gen: Generate,
  older: SchemaFile,
  newer: SchemaFile,
  site: Site,
  seed: number,
  names = NAMES,
): Generator<unknown> {
  yield* listed(older.schema, site.older);
  yield* listed(newer.schema, site.newer);
  yield* gainedStrings(
    gen,
    getAtPointer(older.schema, site.older),
    getAtPointer(newer.schema, site.newer),
    seed,
  );
  yield {};
  // plain values at the place itself (a string place widened to any takes 0, an enum's items take ["x"])
  yield* PROBES.filter((p) => p === null || typeof p !== "object" || Array.isArray(p));
  const others = site.names.filter((n) => !site.targets.has(n));
  const chosen = [...site.targets, ...sample(others, names, seed)];
  const plain = (name: string) => [
    ...PROBES,
    ...listed(older.schema, joinPointer(site.older, "properties", name)),
    ...listed(newer.schema, joinPointer(site.newer, "properties", name)),
  ];
  for (const name of chosen) yield* edits({}, name, plain(name));
  const generated = [
    ...fake(gen, older.schema, site.older, 3, seed),
    ...fake(gen, newer.schema, site.newer, 3, seed),
  ];
  yield* generated;
  yield* alternatives(gen, older.schema, site.older, seed);
  yield* alternatives(gen, newer.schema, site.newer, seed);
  const objects = [
    ...generated
      .filter((b) => b !== null && typeof b === "object" && !Array.isArray(b) && Object.keys(b).length > 0)
      .slice(0, 2),
    {},
  ];
  for (const name of chosen) {
    const values = valuesFor(gen, older, newer, site, name, seed);
    for (const b of site.targets.has(name) ? objects.slice(-2) : objects) yield* edits(b, name, values);
  }
}

/** A deterministic sample of `n` items (all of them when there are fewer). */
export function sample<T>(items: T[], n: number, seed: number): T[] {
  if (items.length <= n) return items;
  const keyed = items.map((x, i) => [((i + 1) * 2654435761 * (seed + 1)) % 4294967296, x] as const);
  return keyed
    .sort((a, b) => a[0] - b[0])
    .slice(0, n)
    .map(([, x]) => x);
}

/** The object a branch site belongs to: the site without its trailing allOf/anyOf/oneOf/then/else steps. */
export function host(site: string): string {
  const up = site.replace(/\/(allOf|anyOf|oneOf)\/\d+$|\/(then|else)$/, "");
  return up === site ? site : host(up);
}

/** Where a finding sits for a reader: the newer schema for the new reader, the older one for old readers. */
export function pointerFor(f: CompatFinding, party: Party): string {
  if (party === "newReader" || f.fromPointer === undefined) return f.pointer;
  // "file#pointer" when the older file has another name (a history's revisions)
  return f.fromPointer.includes("#") ? (f.fromPointer.split("#")[1] as string) : f.fromPointer;
}

/** A reader at one site: accepts or refuses a document; `errors` are the last refusal's keyword locations. */
export interface Checker {
  (doc: unknown): boolean;
  readonly errors: string[];
  /** the instance location of each error, in the same order */
  readonly paths: string[];
  /** the `$id` of the file each error's keyword is written in ("" when unknown) */
  readonly files: string[];
}

/**
 * The reader at a site, judging at the object a branch belongs to (its host): the host applies every
 * allOf branch, and a document one anyOf/oneOf alternative refuses while a sibling accepts it is refused
 * by nobody.
 */
export function checkerAt(r: Reader, file: string, p: string): Checker | undefined {
  const at = host(p);
  const v = r.at(file, at);
  if (v === undefined) return undefined;
  const locate = (e: { parentSchema?: unknown; keyword: string; schemaPath: string }) =>
    r.locate(e) ?? absolute(at, e.schemaPath);
  let errors: string[] = [];
  let paths: string[] = [];
  let files: string[] = [];
  const check = (doc: unknown): boolean => {
    const ok = v(doc) === true;
    errors = ok ? [] : (v.errors ?? []).map(locate);
    paths = ok ? [] : (v.errors ?? []).map((e) => e.instancePath);
    files = ok ? [] : (v.errors ?? []).map((e) => r.fileOf(e) ?? "");
    return ok;
  };
  Object.defineProperty(check, "paths", { get: () => paths });
  Object.defineProperty(check, "files", { get: () => files });
  return Object.defineProperty(check, "errors", { get: () => errors }) as Checker;
}

/** A sample of the member names a finding's subschema declares, through `$ref`s to any file of the set. */
export function branchNames(set: SchemaSet, file: SchemaFile, pointer: string, seed: number): string[] {
  let s = getAtPointer(file.schema, pointer) as SchemaObject | undefined;
  let from = file;
  for (let i = 0; i < 4 && s !== null && typeof s === "object" && typeof s.$ref === "string"; i++) {
    try {
      const r = set.resolve(s.$ref, from);
      s = r.schema as SchemaObject;
      from = r.file;
    } catch {
      return [];
    }
  }
  if (s === null || typeof s !== "object" || s.properties === null || typeof s.properties !== "object")
    return [];
  return sample(Object.keys(s.properties), NAMES, seed);
}
