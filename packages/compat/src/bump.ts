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
import { changesetText, protocolPackageName } from "./changeset.js";
import { type CompatReport, runCompat } from "./compat.js";
import { type ConstantChange, moveVersionConstants } from "./constants.js";
import { CompatError } from "./errors.js";
import { latestRelease, nextVersion } from "./policy.js";
import { ruleSpec } from "./rules/index.js";
import { wireVersion } from "./version-field.js";

export interface BumpRequest {
  root: string;
  registry: Registry;
  protocol: string;
  bump: "minor" | "major";
  /** regenerates generated code after the freeze (the CLI passes `keel gen`); returns a note for the report */
  regenerate?: () => Promise<string>;
}

export interface BumpResult {
  protocol: string;
  from: string;
  /** the new version, undefined when refused */
  version?: string;
  refused: boolean;
  report: CompatReport;
  constants: ConstantChange[];
  /** repository-relative paths written */
  written: string[];
  regenerated: string;
}

/**
 * `keel bump`: gate the working tree against the latest release; when it fits, move the version
 * constants, freeze the working schemas as the new release (registry entry + sha256), set the registry
 * version, regenerate, and write a changeset for the protocol package.
 */
export async function bumpProtocol(r: BumpRequest): Promise<BumpResult> {
  const entry = protocolEntry(r.registry, r.protocol);
  const from = latestRelease(entry, r.protocol);
  const version = nextVersion(from, r.bump);
  const report = runCompat({ ...r, cwd: r.root, from, to: "working", bump: r.bump });
  const base = { protocol: r.protocol, from, report, constants: [], written: [], regenerated: "not run" };
  if (report.verdict === "breaking") return { ...base, refused: true };
  if (!report.findings.some((f) => ruleSpec(f.rule).wire))
    throw new CompatError(
      "compat/nothing-to-release",
      `expected wire changes since ${r.protocol} ${from}, found none: nothing to release`,
      { exitCode: 1 },
    );
  const written: string[] = [];
  const write = (path: string, text: string) => {
    writeFileSync(path, text);
    written.push(relative(r.root, path));
  };
  const set = loadSchemaSet(r.root, r.registry, r.protocol);
  const constants = moveVersionConstants(set, entry, from, version);
  for (const file of set.own)
    if (constants.some((c) => c.file === file.name && c.keyword !== "pattern"))
      write(file.path, `${JSON.stringify(file.schema, null, 2)}\n`);
  const dir = releasedDir(r.root, r.protocol, version);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const file of set.own) {
    copyFileSync(file.path, join(dir, file.name));
    files[file.name] = sha256File(join(dir, file.name));
    written.push(relative(r.root, join(dir, file.name)));
  }
  const raw = JSON.parse(readFileSync(registryFile(r.root), "utf8")) as Registry;
  const mine = raw.protocols[r.protocol] as typeof entry;
  mine.version = version;
  mine.released.push({ version, files });
  const field = mine.versionField;
  if (field?.default !== undefined && field.default === wireVersion(mine, from))
    field.default = String(wireVersion(mine, version));
  write(registryFile(r.root), `${JSON.stringify(raw, null, 2)}\n`);
  const regenerated = r.regenerate === undefined ? "skipped (no generator given)" : await r.regenerate();
  const changeset = join(r.root, ".changeset", `${r.protocol}-${version.replaceAll(".", "-")}.md`);
  mkdirSync(join(r.root, ".changeset"), { recursive: true });
  write(changeset, changesetText(protocolPackageName(r.root, r.protocol), report, version, r.bump));
  return { ...base, version, refused: false, constants, written, regenerated };
}
