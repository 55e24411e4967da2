import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ConformError } from "../../conform-error.js";
import { oneLine } from "./one-line.js";

/** One fixture as the suite sends it: keel's verdict, what it probes, and its text on one line. */
export interface Case {
  protocol: string;
  /** `<type>/<valid|invalid>/<name>.json` under conformance/<protocol>/fixtures */
  file: string;
  type: string;
  schema: string;
  pointer: string;
  /** keel's verdict (ajv on the canonical schema), as the manifest records it */
  valid: boolean;
  probes: string[];
  document: string;
}

/** Each protocol with the schema files its documents need (its own, then those it references). */
export interface ProtocolCorpus {
  protocol: string;
  schemas: Record<string, unknown>;
  cases: Case[];
}

interface RegistryEntry {
  schemas: string[];
  references?: string[];
  documentTypes: Record<string, { schema: string; pointer: string }>;
}

interface ManifestEntry {
  file: string;
  type: string;
  expect: "valid" | "invalid";
  probes?: string[];
}

/** The keel checkout this runner is part of: the suite reads the registry, schemas and fixtures from it. */
export function checkoutRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "schemas", "registry.json")) && existsSync(join(dir, "conformance"))) return dir;
    if (dirname(dir) === dir)
      throw new ConformError(
        "conform/no-fixtures",
        "expected a keel checkout (schemas/registry.json, conformance/<protocol>/fixtures), found none: the validator suite runs from the repository",
      );
  }
}

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ConformError("conform/fixtures-unreadable", `could not read ${file}: ${(e as Error).message}`);
  }
};

/** Every protocol's fixtures with keel's verdicts, in registry order (optionally only `only`). */
export function loadCorpus(root: string, only?: readonly string[]): ProtocolCorpus[] {
  const registry = readJson(join(root, "schemas", "registry.json")) as {
    protocols: Record<string, RegistryEntry>;
  };
  const names = Object.keys(registry.protocols).filter((p) => only === undefined || only.includes(p));
  return names.map((protocol) => {
    const entry = registry.protocols[protocol] as RegistryEntry;
    const schemas: Record<string, unknown> = {};
    for (const p of [protocol, ...(entry.references ?? [])])
      for (const name of registry.protocols[p]?.schemas ?? [])
        schemas[name] = readJson(join(root, "schemas", p, name));
    const dir = join(root, "conformance", protocol, "fixtures");
    const manifest = readJson(join(dir, "manifest.json")) as { fixtures: ManifestEntry[] };
    const cases = manifest.fixtures.flatMap((f): Case[] => {
      const type = entry.documentTypes[f.type];
      if (type === undefined) return [];
      return [
        {
          protocol,
          file: f.file,
          type: f.type,
          schema: type.schema,
          pointer: type.pointer,
          valid: f.expect === "valid",
          probes: f.probes ?? [],
          document: oneLine(readFileSync(join(dir, f.file), "utf8")),
        },
      ];
    });
    return { protocol, schemas, cases };
  });
}
