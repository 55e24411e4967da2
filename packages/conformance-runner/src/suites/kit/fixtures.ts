import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { probeOf } from "@keel/diagnostics";
import { ConformError } from "../../conform-error.js";

// The suites send a protocol's generated fixtures (conformance/<protocol>/fixtures/manifest.json is plain
// JSON: file, type, expect, pointer, keyword, probes): from the repository in a checkout, else from the
// copy its package ships (`@keel/<protocol>/fixtures/`, tools/pack-assets.mjs).
const checkout = join(import.meta.dirname, "..", "..", "..", "..", "..");

/** The folder of a protocol's fixtures (its `manifest.json` beside them). */
export function fixtureDir(protocol: string): string {
  const here = join(checkout, "conformance", protocol, "fixtures");
  if (existsSync(join(here, "manifest.json"))) return here;
  const shipped = dirname(dirname(fileURLToPath(import.meta.resolve(`@keel/${protocol}`))));
  return join(shipped, "fixtures");
}

export interface Fixture {
  /** where it came from, for messages */
  name: string;
  document: unknown;
  /**
   * the bytes to send: the file as written (`3.0`, `-0`, 2^64 and `\ud800` escapes kept, which
   * `JSON.stringify(document)` would normalise), or the JSON of a document keel made itself
   */
  text: string;
  /** invalid fixtures: where the schema must reject it, and by which keyword */
  pointer?: string;
  keyword?: string;
  /** the dialect differences it probes (docs/dialects.md) */
  probes?: string[];
}

interface ManifestEntry {
  file: string;
  type: string;
  expect: "valid" | "invalid";
  pointer?: string;
  keyword?: string;
  probes?: string[];
}

export function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new ConformError("conform/fixtures-unreadable", `could not read ${file}: ${(e as Error).message}`);
  }
}

export function parseText(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ConformError("conform/fixtures-unreadable", `could not read ${file}: ${(e as Error).message}`);
  }
}

/** The manifest's fixtures of one document type that must be valid or invalid, each with its bytes. */
export function fixtures(protocol: string, type: string, expect: "valid" | "invalid"): Fixture[] {
  const dir = fixtureDir(protocol);
  const manifest = parseText("manifest.json", readText(join(dir, "manifest.json"))) as {
    fixtures: ManifestEntry[];
  };
  return manifest.fixtures
    .filter((f) => f.type === type && f.expect === expect)
    .map((f) => {
      const text = readText(join(dir, f.file));
      return {
        name: `conformance/${protocol}/fixtures/${f.file}`,
        document: parseText(f.file, text),
        text,
        ...(f.pointer !== undefined ? { pointer: f.pointer } : {}),
        ...(f.keyword !== undefined ? { keyword: f.keyword } : {}),
        ...(f.probes !== undefined ? { probes: f.probes } : {}),
      };
    });
}

/** The dialect probes among a protocol's fixtures of one type (issue 30; docs/dialects.md). */
export const probeFixtures = (protocol: string, type: string, expect: "valid" | "invalid"): Fixture[] =>
  fixtures(protocol, type, expect).filter((f) => (f.probes?.length ?? 0) > 0);

/** A document keel made itself, sent as its JSON. */
export const made = (name: string, document: unknown): Fixture => ({
  name,
  document,
  text: JSON.stringify(document),
});

/**
 * The probe of a valid fixture that an implementation may refuse: one whose verdict the specifications
 * leave open (a lone surrogate, RFC 8259: "unpredictable"; an asserted `format`), so a refusal is a warning
 * naming the probe.
 */
export const openProbe = (f: Pick<Fixture, "probes">): string | undefined =>
  f.probes?.find((p) => probeOf(p)?.judge === "keel-reading");

/** The probes a fixture carries, for messages (`[integer-past-int64]`). */
export const probeNote = (f: Pick<Fixture, "probes">): string =>
  f.probes?.length ? ` [probe ${f.probes.join(", ")}]` : "";
