import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  loadSchemaSet,
  protocolEntry,
  type Registry,
  registryFile,
  releasedDir,
  sha256File,
} from "@keel/schema-model";
import type { BumpResult } from "./bump.js";
import { protocolPackageName } from "./changeset.js";
import { CompatError } from "./errors.js";

export interface InitialReleaseRequest {
  root: string;
  registry: Registry;
  protocol: string;
  regenerate?: () => Promise<string>;
}

/**
 * `keel bump <protocol> --initial`: a protocol's first release, the version its registry entry names.
 * Nothing to gate against (no earlier release): the working schemas are frozen under
 * `schemas/<protocol>/released/<version>/` with their sha256, so `keel compat` and later bumps have a base.
 */
export async function releaseInitial(r: InitialReleaseRequest): Promise<BumpResult> {
  const entry = protocolEntry(r.registry, r.protocol);
  if (entry.released.length > 0)
    throw new CompatError(
      "compat/already-released",
      `expected no release of ${r.protocol} for --initial, found ${entry.released.map((x) => x.version).join(", ")}: bump minor, major or --to`,
    );
  const version = entry.version;
  const set = loadSchemaSet(r.root, r.registry, r.protocol);
  const written: string[] = [];
  const dir = releasedDir(r.root, r.protocol, version);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const file of set.own) {
    copyFileSync(file.path, join(dir, file.name));
    files[file.name] = sha256File(join(dir, file.name));
    written.push(relative(r.root, join(dir, file.name)));
  }
  const raw = JSON.parse(readFileSync(registryFile(r.root), "utf8")) as Registry;
  (raw.protocols[r.protocol] as typeof entry).released.push({ version, files });
  writeFileSync(registryFile(r.root), `${JSON.stringify(raw, null, 2)}\n`);
  written.push(relative(r.root, registryFile(r.root)));
  const regenerated = r.regenerate === undefined ? "skipped (no generator given)" : await r.regenerate();
  const changeset = join(r.root, ".changeset", `${r.protocol}-${version.replaceAll(".", "-")}.md`);
  mkdirSync(join(r.root, ".changeset"), { recursive: true });
  const pkg = protocolPackageName(r.root, r.protocol);
  writeFileSync(changeset, `---\n"${pkg}": minor\n---\n\n${r.protocol} ${version}: first release.\n`);
  written.push(relative(r.root, changeset));
  const report = {
    protocol: r.protocol,
    from: "none",
    to: "working",
    bump: null,
    verdict: "report" as const,
    requires: "none" as const,
    policy: entry.versionPolicy,
    consumer: entry.consumer,
    findings: [],
  };
  return {
    protocol: r.protocol,
    from: "none",
    version,
    refused: false,
    report,
    constants: [],
    written,
    regenerated,
  };
}
