import type { ConsumerModel, RefSources, Registry, SchemaSet, VersionPolicy } from "@keel/schema-model";
import { protocolEntry, refResolver } from "@keel/schema-model";
import { diffSchemaSets } from "./diff/index.js";
import { CompatError } from "./errors.js";
import { bumpBetween, judge, latestRelease, smallestBump } from "./policy.js";
import { loadSide } from "./source.js";
import { loadAnySide } from "./standalone/load-side.js";
import { anyEntry } from "./standalone/registry-entry.js";
import type { Bump, CompatFinding } from "./types.js";

/** The gate's answer for one protocol: the `--format json` shape documented in README.md. */
export interface CompatReport {
  /** null when two schema files were compared outside any protocol */
  protocol: string | null;
  from: string;
  to: string;
  /** the bump judged against, null when only reporting */
  bump: Bump | null;
  /** fits: every change fits the bump; breaking: one does not; report: no bump given */
  verdict: "fits" | "breaking" | "report";
  /** the smallest bump that fits every change */
  requires: Bump;
  policy: VersionPolicy;
  consumer: ConsumerModel;
  findings: CompatFinding[];
  /** what keel assumed while reading the schemas (a file without $schema read as the newest draft) */
  notes?: string[];
  /** `--witness`: how the search for witness documents went (each finding carries its own) */
  witnesses?: WitnessSummary;
}

export interface WitnessSummary {
  /** findings that say a reader breaks */
  searched: number;
  witnessed: number;
  unwitnessed: number;
  ms: number;
  /** true: only witnessed breaks decide the verdict */
  witnessedOnly: boolean;
}

/** A report with the two schema sets it compared (what `--witness` validates documents against). */
export interface Compared {
  report: CompatReport;
  older: SchemaSet;
  newer: SchemaSet;
  /** where a whole document starts (a protocol's document types); default every own file's root */
  roots?: Array<{ file: string; pointer: string }>;
}

export interface CompatRequest {
  root: string;
  registry: Registry;
  protocol: string;
  cwd: string;
  /** default: the latest released version */
  from?: string;
  /** default: the working tree */
  to?: string;
  /** "auto": the registry version's distance from the `from` release */
  bump?: Bump | "auto";
}

export function runCompat(r: CompatRequest): CompatReport {
  return compareProtocol(r).report;
}

/** `runCompat` keeping both sides' schema sets. */
export function compareProtocol(r: CompatRequest): Compared {
  const entry = protocolEntry(r.registry, r.protocol);
  const fromSpec = r.from ?? latestRelease(entry, r.protocol);
  const toSpec = r.to ?? "working";
  const older = loadSide(fromSpec, r);
  const newer = loadSide(toSpec, r);
  let bump: Bump | null = null;
  if (r.bump === "auto") {
    if (older.kind !== "released" || newer.kind !== "working")
      throw new CompatError(
        "cli/usage",
        "expected --bump auto to compare a released version with the working tree",
      );
    bump = bumpBetween(fromSpec, entry.version);
  } else if (r.bump !== undefined) bump = r.bump;
  const findings = judge(
    diffSchemaSets(older.set, newer.set, entry),
    bump,
    entry.consumer,
    entry.undeclaredNames,
  );
  const requires = smallestBump(findings);
  const verdict =
    bump === null ? "report" : findings.some((f) => f.severity === "error") ? "breaking" : "fits";
  const report: CompatReport = {
    protocol: r.protocol,
    from: older.label,
    to: newer.label,
    bump,
    verdict,
    requires,
    policy: entry.versionPolicy,
    consumer: entry.consumer,
    findings,
  };
  const roots = Object.values(entry.documentTypes).map((t) => ({
    file: t.schema,
    pointer: decodeURIComponent(t.pointer.replace(/^#/, "")),
  }));
  return { report, older: older.set, newer: newer.set, roots };
}

export interface AnyCompatRequest {
  from: string;
  to: string;
  cwd: string;
  consumer?: ConsumerModel;
  bump?: Bump;
  /** never-sent waives the open-content findings (see README.md) */
  undeclaredNames?: "may-be-sent" | "never-sent";
  /** where schemas named by absolute URL are read from, offline (`--ref`, `--ref-map`, `--catalog`) */
  refs?: RefSources;
  /** the older side's own sources, when its referenced files differ from the newer side's (default: `refs`) */
  fromRefs?: RefSources;
  /** "any": a reference no source supplies reads as {} (noted); default: an error naming it */
  unresolvedRefs?: "error" | "any";
}

/** Compare two schema files that belong to no protocol (`keel compat --from a.json --to b.json`). */
export function runCompatFiles(r: AnyCompatRequest): CompatReport {
  return compareFiles(r).report;
}

/** `runCompatFiles` keeping both sides' schema sets. */
export function compareFiles(r: AnyCompatRequest): Compared {
  const unresolved = r.unresolvedRefs ?? "error";
  const load = { sources: refResolver(r.refs ?? {}, r.cwd), unresolved };
  const fromLoad = r.fromRefs === undefined ? load : { sources: refResolver(r.fromRefs, r.cwd), unresolved };
  const older = loadAnySide(r.from, r.cwd, fromLoad);
  const newer = loadAnySide(r.to, r.cwd, load);
  const consumer = r.consumer ?? "strict";
  const entry = anyEntry(newer.set, consumer);
  const bump = r.bump ?? null;
  const diff = diffSchemaSets(older.set, newer.set, entry, { onlyReachable: true });
  const findings = judge(diff, bump, consumer, r.undeclaredNames);
  const notes = [...older.notes, ...newer.notes];
  const report: CompatReport = {
    protocol: null,
    from: older.label,
    to: newer.label,
    bump,
    verdict: bump === null ? "report" : findings.some((f) => f.severity === "error") ? "breaking" : "fits",
    requires: smallestBump(findings),
    policy: entry.versionPolicy,
    consumer,
    findings,
    ...(notes.length > 0 ? { notes } : {}),
  };
  return { report, older: older.set, newer: newer.set };
}
