import { getAtPointer, joinPointer, type SchemaFile, type SchemaObject } from "@keel/schema-model";
import type { CompatFinding, Party } from "../types.js";
import { edits, fake, type Generate, PROBES } from "./candidates.js";
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
export function listed(root: SchemaObject, pointer: string): unknown[] {
  const s = getAtPointer(root, pointer) as SchemaObject | undefined;
  if (s === undefined || s === null || typeof s !== "object") return [];
  if (Object.hasOwn(s, "const")) return [s.const];
  const out = Array.isArray(s.enum) ? [...s.enum] : [];
  for (const kw of ["anyOf", "oneOf"])
    if (Array.isArray(s[kw]))
      (s[kw] as unknown[]).forEach((_, i) => {
        out.push(...listed(root, joinPointer(pointer, kw, i)));
      });
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
  yield {};
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
  const check = (doc: unknown): boolean => {
    const ok = v(doc) === true;
    errors = ok ? [] : (v.errors ?? []).map(locate);
    return ok;
  };
  return Object.defineProperty(check, "errors", { get: () => errors }) as Checker;
}
