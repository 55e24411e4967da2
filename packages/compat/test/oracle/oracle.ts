import {
  getAtPointer,
  joinPointer,
  type SchemaFile,
  type SchemaObject,
  type SchemaSet,
} from "@keel/schema-model";
import { type CompatFinding, type Party, ruleSpec } from "../../src/index.js";
import { edits, fake, PROBES } from "./candidates.js";
import { absolute, related } from "./pointers.js";
import { type Site, sitesOf } from "./sites.js";
import { reader, type ValidateFunction } from "./validators.js";

/** A document one reader rejects and the other side's schema accepts, with where the reader failed. */
export interface Counterexample {
  reader: Party;
  file: string;
  site: string;
  /** absolute keyword locations of the rejecting reader's errors */
  errors: string[];
  document: unknown;
}

export interface OracleResult {
  /** counterexamples no finding with an effect on that reader explains: false "compatible" */
  falseCompatible: Counterexample[];
  /** findings claiming a reader breaks where no generated document proves it: false "breaking" */
  falseBreaking: CompatFinding[];
  untestable: Array<{ finding: CompatFinding; reason: string }>;
  proven: number;
  documents: number;
}

/** Rules whose break the generated documents cannot show, and why. */
export const UNTESTABLE: Record<string, string> = {
  "format-added": "ajv-formats checks a format the faker rarely misses on purpose",
  "format-changed": "ajv-formats checks a format the faker rarely misses on purpose",
  "format-removed": "ajv-formats checks a format the faker rarely misses on purpose",
  "multiple-of-changed": "needs a number on one grid and off the other",
  "default-changed":
    "a default changes what an absent value means (a downgrade fills it); validation does not show it",
};

const PARTIES: Party[] = ["oldStrictReader", "oldLenientReader", "newReader"];

interface Readers {
  old: (file: string, p: string) => ValidateFunction | undefined;
  lenient: (file: string, p: string) => ValidateFunction | undefined;
  new: (file: string, p: string) => ValidateFunction | undefined;
}

type Locate = (e: { parentSchema?: unknown; keyword: string; schemaPath: string }, site: string) => string;

/** The values to write at property `name` of a site: plain probes plus what either version's schemas make. */
function valuesFor(older: SchemaFile, newer: SchemaFile, site: Site, name: string, seed: number): unknown[] {
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
  for (const p of at(older, site.older)) out.push(...fake(older.schema, p, 2, seed));
  for (const p of at(newer, site.newer)) out.push(...fake(newer.schema, p, 2, seed));
  out.push(...listed(older.schema, joinPointer(site.older, "properties", name)));
  out.push(...listed(newer.schema, joinPointer(site.newer, "properties", name)));
  return out;
}

/** The values an enum or const at `pointer` lists (the faker rarely picks a newly added one). */
function listed(root: SchemaObject, pointer: string): unknown[] {
  const s = getAtPointer(root, pointer) as SchemaObject | undefined;
  if (s === undefined || s === null || typeof s !== "object") return [];
  if (Object.hasOwn(s, "const")) return [s.const];
  return Array.isArray(s.enum) ? s.enum : [];
}

function safeTest(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}

function candidates(older: SchemaFile, newer: SchemaFile, site: Site, seed: number): unknown[] {
  const bases = [
    ...fake(older.schema, site.older, 3, seed),
    ...fake(newer.schema, site.newer, 3, seed),
    ...listed(older.schema, site.older),
    ...listed(newer.schema, site.newer),
    {},
  ];
  const out = [...bases];
  const objects = [
    ...bases.filter((b) => b !== null && typeof b === "object" && !Array.isArray(b)).slice(0, 2),
    {},
  ];
  const others = site.names.filter((n) => !site.targets.has(n));
  for (const name of [...site.targets, ...sample(others, NAMES, seed)]) {
    const values = valuesFor(older, newer, site, name, seed);
    for (const b of site.targets.has(name) ? objects.slice(-2) : objects) out.push(...edits(b, name, values));
  }
  return out;
}

/** Names and sites probed per pair: enough to find each kind of change, few enough for CI (< 60 s). */
const NAMES = 6;
const SITES = 30;

/** A deterministic sample of `n` items (all of them when there are fewer). */
export function sample<T>(items: T[], n: number, seed: number): T[] {
  if (items.length <= n) return items;
  const keyed = items.map((x, i) => [((i + 1) * 2654435761 * (seed + 1)) % 4294967296, x] as const);
  return keyed
    .sort((a, b) => a[0] - b[0])
    .slice(0, n)
    .map(([, x]) => x);
}

interface Checker {
  (doc: unknown): boolean;
  /** absolute keyword locations of the last call's errors */
  readonly errors: string[];
}

const errorsOf = (v: Checker, _site: string): string[] => v.errors;

/** The object a branch site belongs to: the site without its trailing allOf/anyOf/oneOf/then/else steps. */
export function host(site: string): string {
  const up = site.replace(/\/(allOf|anyOf|oneOf)\/\d+$|\/(then|else)$/, "");
  return up === site ? site : host(up);
}

/** Where a finding sits for a reader: the newer schema for the new reader, the older one for old readers. */
function pointerFor(f: CompatFinding, party: Party): string {
  if (party === "newReader" || f.fromPointer === undefined) return f.pointer;
  // "file#pointer" when the older file has another name (a history's revisions)
  return f.fromPointer.includes("#") ? (f.fromPointer.split("#")[1] as string) : f.fromPointer;
}

/**
 * Probe every site with generated and edited documents, validate each with the three readers, and hold
 * the findings to what the documents show (see README.md of this folder).
 */
export function runOracle(
  older: SchemaSet,
  newer: SchemaSet,
  findings: CompatFinding[],
  roots: Array<{ file: string; pointer: string }>,
  seed = 7,
): OracleResult {
  const o = reader(older);
  const l = reader(older, true);
  const n = reader(newer);
  const rs: Readers = { old: o.at, lenient: l.at, new: n.at };
  const wire = findings.filter((f) => ruleSpec(f.rule).wire);
  const found: Counterexample[] = [];
  let documents = 0;
  for (const nf of newer.own) {
    const of =
      older.own.find((f) => f.name === nf.name) ?? (older.own.length === 1 ? older.own[0] : undefined);
    if (of === undefined) continue;
    const mine = roots.filter((r) => r.file === nf.name).map((r) => r.pointer);
    const all = sitesOf(of, nf, wire, mine);
    const rooted = all.filter((s) => mine.includes(s.newer) && s.older === s.newer);
    for (const site of [
      ...rooted,
      ...sample(
        all.filter((s) => !rooted.includes(s)),
        SITES,
        seed,
      ),
    ]) {
      // a branch applies together with the object it belongs to: validate there as well
      const both = (at: typeof rs.old, p: string, locate: Locate) => {
        const v = at(nf.name, p);
        const h = host(p) === p ? v : at(nf.name, host(p));
        if (v === undefined || h === undefined) return undefined;
        let errors: string[] = [];
        const check = (doc: unknown): boolean => {
          const own = v(doc) === true;
          errors = own ? [] : (v.errors ?? []).map((e) => locate(e, p));
          if (h === v) return own;
          const outer = h(doc) === true;
          if (!outer) errors.push(...(h.errors ?? []).map((e) => locate(e, host(p))));
          return own && outer;
        };
        return Object.defineProperty(check, "errors", { get: () => errors }) as Checker;
      };
      const place =
        (r: ReturnType<typeof reader>): Locate =>
        (e, at) =>
          r.locate(e) ?? absolute(at, e.schemaPath);
      const vo = both(rs.old, site.older, place(o));
      const vl = both(rs.lenient, site.older, place(l));
      const vn = both(rs.new, site.newer, place(n));
      if (vo === undefined || vl === undefined || vn === undefined) continue;
      const seen = new Set<string>();
      for (const doc of candidates(of, nf, site, seed)) {
        documents++;
        const a = vo(doc) as boolean;
        const ea = a ? [] : errorsOf(vo, site.older);
        const b = vl(doc) as boolean;
        const eb = b ? [] : errorsOf(vl, site.older);
        const c = vn(doc) as boolean;
        const ec = c ? [] : errorsOf(vn, site.newer);
        const add = (reader: Party, errors: string[]) => {
          const key = `${reader}|${errors.join(",")}`;
          if (seen.has(key)) return;
          seen.add(key);
          found.push({ reader, file: nf.name, site: site.newer, errors, document: doc });
        };
        if (a && !c) add("newReader", ec);
        if (c && !a) add("oldStrictReader", ea);
        if (c && !b) add("oldLenientReader", eb);
      }
    }
  }
  const explains = (f: CompatFinding, x: Counterexample) =>
    f.file === x.file &&
    f.effects[x.reader] !== "ok" &&
    x.errors.some((e) => related(pointerFor(f, x.reader), e));
  const falseCompatible = found.filter((x) => !wire.some((f) => explains(f, x)));
  const untestable: OracleResult["untestable"] = [];
  const falseBreaking: CompatFinding[] = [];
  let proven = 0;
  for (const f of wire) {
    const claims = PARTIES.filter((p) => f.effects[p] === "breaks");
    if (claims.length === 0) continue;
    const reason = UNTESTABLE[f.rule];
    if (reason !== undefined) untestable.push({ finding: f, reason });
    else if (found.some((x) => claims.includes(x.reader) && explains(f, x))) proven++;
    else falseBreaking.push(f);
  }
  return { falseCompatible, falseBreaking, untestable, proven, documents };
}
