import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { probeOf } from "@keel/diagnostics";
import { ConformError } from "../../conform-error.js";

// The suite sends the generated fixtures and the schema's examples (conformance/myrmo/fixtures/manifest.json
// is plain JSON: file, type, expect, pointer, keyword): from the repository in a checkout, else from the
// copies @keel/myrmo ships (`fixtures/`, `schemas/examples/`; tools/pack-assets.mjs).
const checkout = join(import.meta.dirname, "..", "..", "..", "..", "..");
const inCheckout = existsSync(join(checkout, "conformance", "myrmo", "fixtures", "manifest.json"));
const shipped = (): string => dirname(dirname(fileURLToPath(import.meta.resolve("@keel/myrmo"))));
const fixtureDir = (): string =>
  inCheckout ? join(checkout, "conformance", "myrmo", "fixtures") : join(shipped(), "fixtures");
const exampleDir = (): string =>
  inCheckout ? join(checkout, "schemas", "myrmo", "examples") : join(shipped(), "schemas", "examples");

export interface Fixture {
  /** where it came from, for messages */
  name: string;
  document: unknown;
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

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ConformError("conform/fixtures-unreadable", `could not read ${file}: ${(e as Error).message}`);
  }
}

/** The manifest's fixtures of one document type (trail, outcome_report) that must be valid or invalid. */
export function fixtures(type: string, expect: "valid" | "invalid"): Fixture[] {
  const manifest = readJson(join(fixtureDir(), "manifest.json")) as { fixtures: ManifestEntry[] };
  return manifest.fixtures
    .filter((f) => f.type === type && f.expect === expect)
    .map((f) => ({
      name: `conformance/myrmo/fixtures/${f.file}`,
      document: readJson(join(fixtureDir(), f.file)),
      ...(f.pointer !== undefined ? { pointer: f.pointer } : {}),
      ...(f.keyword !== undefined ? { keyword: f.keyword } : {}),
      ...(f.probes !== undefined ? { probes: f.probes } : {}),
    }));
}

/** The schema's examples of one document type (`.json` whole, `.jsonl` one document a line). */
export function examples(type: string): Fixture[] {
  const dir = join(exampleDir(), type);
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const name = `schemas/myrmo/examples/${type}/${file}`;
      if (file.endsWith(".json")) return [{ name, document: readJson(join(dir, file)) }];
      if (!file.endsWith(".jsonl")) return [];
      return readFileSync(join(dir, file), "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l, i) => ({ name: `${name}:${i + 1}`, document: JSON.parse(l) as unknown }));
    });
}

/**
 * The probe of a valid fixture that a colony may refuse: one whose verdict the specifications leave open
 * (a lone surrogate, RFC 8259: "unpredictable"), so a 400 for it is a warning naming the probe.
 */
export const openProbe = (f: Fixture): string | undefined =>
  f.probes?.find((p) => probeOf(p)?.judge === "keel-reading");
