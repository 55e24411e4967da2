import type { SchemaSet } from "@keel/schema-model";
import { type CompatFinding, type Party, ruleSpec } from "../../src/index.js";
import type { Generate } from "../../src/witness/candidates.js";
import { related } from "../../src/witness/pointers.js";
import { candidates, checkerAt, pointerFor, sample } from "../../src/witness/probe.js";
import { reader } from "../../src/witness/readers.js";
import { sitesOf } from "../../src/witness/sites.js";
import { UNTESTABLE } from "../../src/witness/untestable.js";

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

const PARTIES: Party[] = ["oldStrictReader", "oldLenientReader", "newReader"];

/** Sites probed per pair beside the roots: enough to find each kind of change, few enough for CI. */
const SITES = 30;

/**
 * Probe every site with generated and edited documents, validate each with the three readers, and hold
 * the findings to what the documents show (see README.md of this folder).
 */
export function runOracle(
  gen: Generate,
  older: SchemaSet,
  newer: SchemaSet,
  findings: CompatFinding[],
  roots: Array<{ file: string; pointer: string }>,
  seed = 7,
): OracleResult {
  const o = reader(older);
  const l = reader(older, true);
  const n = reader(newer);
  const wire = findings.filter((f) => ruleSpec(f.rule).wire);
  const found: Counterexample[] = [];
  let documents = 0;
  // own files, and the referenced files both versions have (a schema's $ref'd siblings)
  const files = [...newer.own, ...newer.all.filter((f) => !newer.own.includes(f) && f.schema !== undefined)];
  for (const nf of files) {
    const of = newer.own.includes(nf)
      ? (older.own.find((f) => f.name === nf.name) ?? (older.own.length === 1 ? older.own[0] : undefined))
      : older.all.find((f) => f.name === nf.name && !older.own.includes(f));
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
      const vo = checkerAt(o, nf.name, site.older);
      const vl = checkerAt(l, nf.name, site.older);
      const vn = checkerAt(n, nf.name, site.newer);
      if (vo === undefined || vl === undefined || vn === undefined) continue;
      const seen = new Set<string>();
      for (const doc of candidates(gen, of, nf, site, seed)) {
        documents++;
        const a = vo(doc);
        const ea = a ? [] : vo.errors;
        const b = vl(doc);
        const eb = b ? [] : vl.errors;
        const c = vn(doc);
        const ec = c ? [] : vn.errors;
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
