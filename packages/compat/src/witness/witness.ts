import type { SchemaFile, SchemaSet } from "@keel/schema-model";
import { canonical } from "../canonical.js";
import { ruleSpec } from "../rules/index.js";
import type { CompatFinding, Party, Witness } from "../types.js";
import type { Generate } from "./candidates.js";
import { related } from "./pointers.js";
import { type Checker, candidates, checkerAt, host, pointerFor } from "./probe.js";
import { type Reader, reader } from "./readers.js";
import { shrink } from "./shrink.js";
import { type Site, sitesOf } from "./sites.js";
import { UNTESTABLE } from "./untestable.js";

export interface WitnessOptions {
  /** time to search per finding (default 250 ms) */
  perFindingMs?: number;
  /** time to search in all, compiling the readers not included (default 60 × per finding) */
  totalMs?: number;
  seed?: number;
  /** the clock, replaceable in tests */
  now?: () => number;
}

export const DEFAULT_WITNESS_MS = 250;

/** Findings that say a reader breaks: the ones a witness is searched for. */
export const breaksAReader = (f: CompatFinding): boolean =>
  ruleSpec(f.rule).wire && Object.values(f.effects).includes("breaks");

const ORDER: Party[] = ["newReader", "oldStrictReader", "oldLenientReader"];

/** How many documents to go on trying after the first witness, for a shorter one. */
const MORE = 150;

/**
 * For every finding that says a reader breaks, search for a document that shows it (valid under one
 * version, refused by that reader of the other, the refusal at the finding's place): the oracle's
 * generated documents and targeted edits, seeded, within a time per finding and in all. Sets `witness`
 * (the smallest found, shrunk) or `unwitnessed` on each such finding; the others are left as they are.
 */
export function witnessFindings(
  gen: Generate,
  older: SchemaSet,
  newer: SchemaSet,
  findings: CompatFinding[],
  o: WitnessOptions = {},
): void {
  const now = o.now ?? (() => performance.now());
  const per = o.perFindingMs ?? DEFAULT_WITNESS_MS;
  // searching time in all; compiling the readers at each place comes on top (once per place)
  let left = o.totalMs ?? per * 60;
  const seed = o.seed ?? 7;
  const readers = { old: reader(older), lenient: reader(older, true), new: reader(newer) };
  for (const f of findings) {
    if (!breaksAReader(f)) continue;
    const reason = UNTESTABLE[f.rule];
    if (reason !== undefined) {
      f.unwitnessed = { tried: 0, ms: 0, reason };
      continue;
    }
    if (left <= 0) {
      f.unwitnessed = { tried: 0, ms: 0, reason: "the time for all witnesses ran out first" };
      continue;
    }
    const start = now();
    // the clock starts once the finding's places are compiled (the first compiles a whole schema)
    let began = start;
    let stop = start + Math.min(per, left);
    const started = () => {
      began = now();
      stop = began + Math.min(per, left);
    };
    const r = search(gen, older, newer, readers, f, seed, started, () => now() >= stop);
    const end = now();
    left -= end - began;
    const ms = Math.round(end - start);
    if (r.witness === undefined)
      f.unwitnessed = { tried: r.tried, ms, ...(r.reason === undefined ? {} : { reason: r.reason }) };
    else f.witness = { ...r.witness, tried: r.tried, ms };
  }
}

type Found = Omit<Witness, "tried" | "ms">;

function fileNamed(set: SchemaSet, name: string, other: SchemaSet): SchemaFile | undefined {
  const own = set.all.find((x) => x.name === name);
  if (own !== undefined) return own;
  // a history's revisions: one own file on each side under different names
  return set.own.length === 1 && other.own.some((x) => x.name === name) ? set.own[0] : undefined;
}

function search(
  gen: Generate,
  older: SchemaSet,
  newer: SchemaSet,
  readers: { old: Reader; lenient: Reader; new: Reader },
  f: CompatFinding,
  seed: number,
  started: () => void,
  over: () => boolean,
): { witness?: Found; tried: number; reason?: string } {
  const nf = fileNamed(newer, f.file, older);
  const of = nf === undefined ? undefined : fileNamed(older, nf.name, newer);
  if (nf === undefined || of === undefined) return { tried: 0, reason: `${f.file} is not in both versions` };
  const claims = ORDER.filter((p) => f.effects[p] === "breaks");
  const sites = sitesOf(of, nf, [{ ...f, file: nf.name }], []).reverse();
  const compiled = sites.map((site) => ({ site, c: checkers(readers, nf.name, site) }));
  started();
  let tried = 0;
  let best: Found | undefined;
  for (const { site, c } of compiled) {
    if (c === undefined) continue;
    let after = 0;
    for (const doc of candidates(gen, of, nf, site, seed)) {
      if (over() || (best !== undefined && after++ > MORE)) break;
      tried++;
      const hit = shows(c, f, claims, doc);
      if (hit === undefined) continue;
      const w: Found = {
        document: doc,
        at: hit === "newReader" ? host(site.older) : host(site.newer),
        validUnder: hit === "newReader" ? "old" : "new",
        refusedBy: hit,
      };
      if (best === undefined || size(doc) < size(best.document)) best = w;
    }
    if (best !== undefined) break;
  }
  if (best === undefined)
    return compiled.some((x) => x.c !== undefined)
      ? { tried }
      : { tried, reason: "ajv could not compile either version's schema at this place" };
  const party = best.refusedBy;
  const at = best.at;
  const c = compiled.find((x) => host(party === "newReader" ? x.site.older : x.site.newer) === at)?.c;
  const document =
    c === undefined ? best.document : shrink(best.document, (d) => shows(c, f, [party], d) === party);
  return { witness: { ...best, document }, tried };
}

function carries(doc: unknown, value: string): boolean {
  if (canonical(doc) === value) return true;
  if (doc === null || typeof doc !== "object") return false;
  return Object.values(doc).some((v) => carries(v, value));
}

const size = (doc: unknown): number => JSON.stringify(doc)?.length ?? 0;

interface Checkers {
  old: Checker;
  lenient: Checker;
  new: Checker;
}

/**
 * The three readers at a site, each judging at the object a branch belongs to: a document one anyOf
 * branch refuses and a sibling accepts is refused by nobody.
 */
function checkers(
  readers: { old: Reader; lenient: Reader; new: Reader },
  file: string,
  site: Site,
): Checkers | undefined {
  const old = checkerAt(readers.old, file, site.older);
  const lenient = checkerAt(readers.lenient, file, site.older);
  const nw = checkerAt(readers.new, file, site.newer);
  return old === undefined || lenient === undefined || nw === undefined
    ? undefined
    : { old, lenient, new: nw };
}

/** The claimed reader `doc` shows breaking (refused at the finding's place, valid under the other version), if any. */
function shows(c: Checkers, f: CompatFinding, claims: Party[], doc: unknown): Party | undefined {
  // a finding about one value is shown only by a document carrying that value
  if (Object.hasOwn(f, "value") && !carries(doc, canonical(f.value))) return undefined;
  const at = (p: Party, errors: string[]) => errors.some((e) => related(pointerFor(f, p), e));
  for (const p of claims) {
    if (p === "newReader") {
      if (c.old(doc) && !c.new(doc) && at(p, c.new.errors)) return p;
    } else {
      const refuse = p === "oldStrictReader" ? c.old : c.lenient;
      if (c.new(doc) && !refuse(doc) && at(p, refuse.errors)) return p;
    }
  }
  return undefined;
}
