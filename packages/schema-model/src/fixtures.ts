import { join, relative } from "node:path";
import { isRecord, show } from "@keel/diagnostics";
import { SchemaLoadError } from "./errors.js";
import { parseJsonText, readJson, readText } from "./read-file.js";

/** One generated fixture as conformance/<protocol>/fixtures/manifest.json lists it (codegen writes it). */
export interface FixtureEntry {
  /** path under the fixtures folder: <type>/{valid,invalid}/<name>.json */
  file: string;
  /** registry document type */
  type: string;
  expect: "valid" | "invalid";
  /** where an invalid fixture breaks its schema ("" for valid ones at the root) */
  pointer: string;
  /** the schema keyword an invalid fixture breaks, null for valid ones */
  keyword: string | null;
  why: string;
  /** the validator differences it probes (docs/dialects.md): only the fixtures that probe one carry it */
  probes?: string[];
}

export interface FixtureCounts {
  valid: number;
  invalid: number;
  byType: Record<string, { valid: number; invalid: number }>;
}

export interface FixtureManifest {
  generatedBy: string;
  doNotEdit: boolean;
  /** schema file name → its sha256 when the fixtures were generated */
  schemas: Record<string, string>;
  counts: FixtureCounts;
  fixtures: FixtureEntry[];
}

/** A fixture with its document read. */
export interface Fixture extends FixtureEntry {
  path: string;
  /** path relative to the repository root, for messages */
  display: string;
  value: unknown;
}

export const fixturesDir = (root: string, protocol: string): string =>
  join(root, "conformance", protocol, "fixtures");

/** Every fixture of a protocol in manifest order, valid and invalid, each with its document. */
export function readFixtures(root: string, protocol: string): Fixture[] {
  const dir = fixturesDir(root, protocol);
  const manifestFile = join(dir, "manifest.json");
  return parseFixtureManifest(readText(manifestFile), manifestFile).fixtures.map((entry) => {
    const path = join(dir, entry.file);
    return { ...entry, path, display: relative(root, path), value: readJson(path) };
  });
}

/** A manifest's text, checked entry by entry: a malformed one is a located SchemaLoadError. */
export function parseFixtureManifest(text: string, file: string): FixtureManifest {
  const manifest = parseJsonText(text, file);
  if (!isRecord(manifest) || !Array.isArray(manifest.fixtures))
    throw new SchemaLoadError("fixtures/manifest", file, 'expected an object with a "fixtures" array');
  manifest.fixtures.forEach((entry, i) => {
    const wrong = entryProblem(entry);
    if (wrong !== undefined) throw new SchemaLoadError("fixtures/manifest", file, `/fixtures/${i}: ${wrong}`);
  });
  return manifest as unknown as FixtureManifest;
}

function entryProblem(entry: unknown): string | undefined {
  if (!isRecord(entry)) return `expected an object, found ${show(entry)}`;
  for (const key of ["file", "type", "pointer", "why"])
    if (typeof entry[key] !== "string") return `expected "${key}" to be a string, found ${show(entry[key])}`;
  if (entry.expect !== "valid" && entry.expect !== "invalid")
    return `expected "expect" to be "valid" or "invalid", found ${show(entry.expect)}`;
  if (
    entry.probes !== undefined &&
    !(Array.isArray(entry.probes) && entry.probes.every((p) => typeof p === "string"))
  )
    return `expected "probes" to be an array of strings, found ${show(entry.probes)}`;
  if (entry.keyword !== null && typeof entry.keyword !== "string")
    return `expected "keyword" to be a string or null, found ${show(entry.keyword)}`;
  return undefined;
}
