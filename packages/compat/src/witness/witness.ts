import type { SchemaFile, SchemaSet } from "@keel/schema-model";
import { ruleSpec } from "../rules/index.js";
import type { CompatFinding, Party, Witness } from "../types.js";
import type { Generate } from "./candidates.js";
import { wholeDocuments } from "./embed.js";
import { type Checkers, checkers, type Into, refTarget, refusedAt, shows } from "./judge.js";
import { fileNamed, type Node, type Route, routeTo } from "./place.js";
import { branchNames, candidates, host, pointerFor } from "./probe.js";
import { type Reader, reader } from "./readers.js";
import { repair } from "./repair.js";
import { shieldedFor } from "./shield.js";
import { shrink } from "./shrink.js";
import { refuseAlongRoute } from "./siblings.js";
import { sitesOf } from "./sites.js";
import { UNTESTABLE } from "./untestable.js";

export interface WitnessOptions {
  /** time to search per finding (default 250 ms) */
  perFindingMs?: number;
  /** time to search in all, compiling the readers not included (default 60 × per finding) */
  totalMs?: number;
  seed?: number;
  /** the clock, replaceable in tests */
  now?: () => number;
  /** bound each finding's search by documents tried instead of time (the same answer on any machine) */
  tries?: number;
  /** where whole documents start (file by the newer version's name, pointer): default every own file's root */
  roots?: Root[];
}

export interface Root {
  file: string;
  pointer: string;
}

interface Context {
  gen: Generate;
  older: SchemaSet;
  newer: SchemaSet;
  readers: { old: Reader; lenient: Reader; new: Reader };
  seed: number;
  roots: Root[];
  route(side: SchemaSet, root: Node, target: Node): Route | undefined;
  rootCheckers(root: Root): Checkers | undefined;
}

function context(gen: Generate, older: SchemaSet, newer: SchemaSet, o: WitnessOptions): Context {
  const readers = { old: reader(older), lenient: reader(older, true), new: reader(newer) };
  const routes = new Map<string, Route | undefined>();
  const roots = new Map<string, Checkers | undefined>();
  return {
    gen,
    older,
    newer,
    readers,
    seed: o.seed ?? 7,
    roots: [...(o.roots ?? []), ...newer.own.map((f) => ({ file: f.name, pointer: "" }))],
    route(side, root, target) {
      const k = `${side === older ? "old" : "new"}|${root.file.id}#${root.pointer}|${target.file.id}#${target.pointer}`;
      if (!routes.has(k)) routes.set(k, routeTo(side, gen, root, target));
      return routes.get(k);
    },
    rootCheckers(root) {
      const k = `${root.file}#${root.pointer}`;
      if (!roots.has(k))
        roots.set(k, checkers(readers, root.file, { older: root.pointer, newer: root.pointer }));
      return roots.get(k);
    },
  };
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
  const ctx = context(gen, older, newer, o);
  const todo = findings.filter(breaksAReader);
  // a second pass, by time only, for what the first left unwitnessed: the first finding at a place pays
  // for generating and routing there once (eslintrc's first rule took 5 s of its 250 ms)
  const again = (f: CompatFinding) =>
    o.tries === undefined && f.unwitnessed !== undefined && f.unwitnessed.explained !== true && left > 0;
  const one = (f: CompatFinding): void => {
    const reason = UNTESTABLE[f.rule];
    if (reason !== undefined) {
      f.unwitnessed = { tried: 0, ms: 0, reason, explained: true };
      return;
    }
    if (o.tries === undefined && left <= 0) {
      f.unwitnessed = { tried: 0, ms: 0, reason: "the time for all witnesses ran out first" };
      return;
    }
    const start = now();
    // the clock starts once the finding's places are compiled (the first compiles a whole schema)
    let began = start;
    let stop = start + Math.min(per, left);
    const started = () => {
      began = now();
      stop = began + Math.min(per, left);
    };
    let checks = 0;
    const over = o.tries === undefined ? () => now() >= stop : () => checks++ >= (o.tries as number);
    const r = search(ctx, f, started, over);
    const end = now();
    left -= end - began;
    const ms = Math.round(end - start);
    if (r.witness === undefined)
      f.unwitnessed = {
        tried: r.tried,
        ms,
        ...(r.reason === undefined ? {} : { reason: r.reason }),
        ...(r.explained === true ? { explained: true } : {}),
      };
    else f.witness = { ...r.witness, tried: r.tried, ms };
  };
  for (const f of todo) one(f);
  for (const f of todo.filter(again)) {
    const first = f.unwitnessed?.tried ?? 0;
    delete f.unwitnessed;
    one(f);
    const second = f.unwitnessed as CompatFinding["unwitnessed"];
    if (second !== undefined) f.unwitnessed = { ...second, tried: second.tried + first };
  }
}

type Found = Omit<Witness, "tried" | "ms">;

/** A document that shows the finding at one site (not yet a whole document). */
interface Hit {
  document: unknown;
  /** the host subschema it was validated at, in the version it is valid under */
  at: string;
  validUnder: "old" | "new";
  refusedBy: Party;
}

/** Documents that show a finding at its sites, collected before they are fitted into whole documents. */
const HITS = 6;

function search(
  ctx: Context,
  f: CompatFinding,
  started: () => void,
  over: () => boolean,
): { witness?: Found; tried: number; reason?: string; explained?: boolean } {
  const { gen, older, newer, readers, seed } = ctx;
  const nf = fileNamed(newer, f.file, older);
  const of = nf === undefined ? undefined : fileNamed(older, nf.name, newer);
  if (nf === undefined || of === undefined) return { tried: 0, reason: `${f.file} is not in both versions` };
  const claims = ORDER.filter((p) => f.effects[p] === "breaks");
  const oldAt = pointerFor(f, "oldStrictReader");
  const into: Into = {
    newReader: refTarget(newer, nf, f.pointer),
    oldStrictReader: refTarget(older, of, oldAt),
    oldLenientReader: refTarget(older, of, oldAt),
  };
  const sites = sitesOf(of, nf, [{ ...f, file: nf.name }], [], false).reverse();
  // a branch (often a `$ref` to another file) constrains names the site declares nowhere itself
  const names = branchNames(newer, nf, f.pointer, seed);
  for (const site of sites) if (site.newer === host(f.pointer)) for (const n of names) site.targets.add(n);
  const compiled = sites.map((site) => ({ site, c: checkers(readers, nf.name, site) }));
  // the whole-document readers compile too (once; the first finding's clock must not pay for them)
  for (const root of ctx.roots) ctx.rootCheckers(root);
  started();
  let tried = 0;
  // hits of the first site that had any (for the reason when no whole document carries one)
  let shown: Hit[] = [];
  for (const { site, c } of compiled) {
    if (c === undefined || over()) continue;
    const hits: Hit[] = [];
    let after = 0;
    for (const doc of candidates(gen, of, nf, site, seed)) {
      if (over() || hits.length >= HITS || (hits.length > 0 && after++ > MORE)) break;
      tried++;
      const hit = shows(c, f, claims, doc, into);
      if (hit === undefined) continue;
      const at = hit === "newReader" ? host(site.older) : host(site.newer);
      hits.push({ document: doc, at, validUnder: hit === "newReader" ? "old" : "new", refusedBy: hit });
    }
    if (shown.length === 0) shown = hits;
    // fitted into whole documents here; a site whose hits no whole document carries (a pairing of two
    // places that are not the same) gives way to the next
    hits.sort((a, b) => size(a.document) - size(b.document));
    for (const hit of hits) {
      if (over()) break;
      const w = whole(ctx, f, nf, of, hit, into);
      tried += w.tried;
      if (w.witness !== undefined) return { witness: w.witness, tried };
    }
  }
  // no witness: a proof that none exists, when there is one (shield.ts)
  const proof = () => {
    const why = shieldedFor(ctx, f, nf, of, claims);
    return why === undefined ? undefined : { tried, reason: why, explained: true };
  };
  if (shown.length === 0)
    return compiled.some((x) => x.c !== undefined)
      ? (proof() ?? { tried })
      : { tried, reason: "ajv could not compile either version's schema at this place" };
  return (
    proof() ?? {
      tried,
      reason: `a document shows it at ${shown[0]?.at || "/"} (${compact(shown[0]?.document)}), but none of the whole documents carrying it did`,
    }
  );
}

const compact = (doc: unknown): string => {
  const s = JSON.stringify(doc) ?? "undefined";
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/**
 * The hit fitted into a whole document: routed from a document root to the hit's place in the version it is
 * valid under, each level above it filled so that version accepts the whole; kept when the other version's
 * reader refuses the whole document at the finding's place. Shrunk.
 */
function whole(
  ctx: Context,
  f: CompatFinding,
  nf: SchemaFile,
  of: SchemaFile,
  hit: Hit,
  into: Into,
): { witness?: Found; tried: number } {
  const side = hit.validUnder === "new" ? ctx.newer : ctx.older;
  const other = hit.validUnder === "new" ? ctx.older : ctx.newer;
  const file = hit.validUnder === "new" ? nf : of;
  const valid = hit.validUnder === "new" ? ctx.readers.new : ctx.readers.old;
  let tried = 0;
  for (const root of ctx.roots) {
    const rootFile = fileNamed(side, root.file, other);
    if (rootFile === undefined) continue;
    const route = ctx.route(side, { file: rootFile, pointer: root.pointer }, { file, pointer: hit.at });
    if (route === undefined) continue;
    const c = ctx.rootCheckers(root);
    if (c === undefined) continue;
    const validAt = (n: { file: SchemaFile; pointer: string }, v: unknown) =>
      valid.at(n.file.name, n.pointer)?.(v) === true;
    const holds = (d: unknown) => shows(c, f, [hit.refusedBy], d, into) === hit.refusedBy;
    const fix = (n: Node, v: unknown) => repair(ctx.gen, valid, n, v, ctx.seed);
    for (const whole of wholeDocuments(ctx.gen, route, hit.document, validAt, ctx.seed, fix)) {
      tried++;
      // an alternative beside the route may accept what the finding's place refuses: refuse those too
      const doc = holds(whole) ? whole : refuseAlongRoute(side, route, whole, validAt);
      if (doc !== whole) tried++;
      if (!holds(doc)) continue;
      const document = shrink(doc, holds, 12);
      holds(document);
      const refusing =
        hit.refusedBy === "newReader" ? c.new : hit.refusedBy === "oldStrictReader" ? c.old : c.lenient;
      const i = refusedAt(f, hit.refusedBy, refusing, into);
      return {
        witness: {
          document,
          at: root.pointer,
          path: refusing.paths[i] ?? "",
          validUnder: hit.validUnder,
          refusedBy: hit.refusedBy,
        },
        tried,
      };
    }
  }
  return { tried };
}

const size = (doc: unknown): number => JSON.stringify(doc)?.length ?? 0;
