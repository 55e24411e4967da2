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
import { CompatError } from "./errors.js";
import { moveExampleVersions } from "./example-versions.js";
import { bumpBetween, latestRelease, nextVersion } from "./policy.js";
import { ruleSpec } from "./rules/index.js";
import { type ConstantChange, movePattern, moveVersionConstants } from "./version-constants.js";
import { wireVersion } from "./version-field.js";

export interface BumpRequest {
  root: string;
  registry: Registry;
  protocol: string;
  /** how far the version moves; ignored when `to` names the new version */
  bump: "minor" | "major";
  /** the new version itself (a date-versioned protocol's next release is named by its date): gated by its distance */
  to?: string;
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
  const { version, bump } = target(from, r);
  const report = runCompat({ ...r, cwd: r.root, from, to: "working", bump });
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
  // everything is worked out in memory first: a pattern keel cannot move refuses the bump with nothing written
  const set = loadSchemaSet(r.root, r.registry, r.protocol);
  const constants = moveVersionConstants(set, entry, from, version);
  const raw = JSON.parse(readFileSync(registryFile(r.root), "utf8")) as Registry;
  const mine = raw.protocols[r.protocol] as typeof entry;
  const field = mine.versionField;
  const newWire = wireVersion(mine, version);
  if (field?.pattern !== undefined && !new RegExp(field.pattern, "u").test(String(newWire))) {
    const moved = movePattern(field.pattern, from, version, newWire);
    constants.push({
      file: "registry.json",
      pointer: `/protocols/${r.protocol}/versionField/pattern`,
      keyword: "pattern",
      from: field.pattern,
      to: moved ?? null,
    });
    if (moved !== undefined) field.pattern = moved;
  }
  const stuck = constants.find((c) => c.keyword === "pattern" && c.to === null);
  if (stuck !== undefined)
    throw new CompatError(
      "compat/version-pattern-stuck",
      `expected the version pattern ${JSON.stringify(stuck.from)} at ${stuck.file}#${stuck.pointer} to accept ${JSON.stringify(newWire)}, found it refuses it and keel cannot tell how to move it: edit it to accept ${JSON.stringify(newWire)} and bump again (nothing written)`,
      { exitCode: 1 },
    );
  // a moved const or pattern refuses the old value: the examples (which the fixtures grow from) move too
  const refusesOld = constants.some((c) => c.keyword === "const" || c.keyword === "pattern");
  const like = constants.find((c) => c.keyword === "const")?.from;
  const examples = refusesOld
    ? moveExampleVersions(
        r.root,
        r.registry,
        r.protocol,
        entry,
        wireVersion(entry, from, like),
        wireVersion(entry, version, like),
      )
    : [];
  for (const file of set.own)
    if (constants.some((c) => c.file === file.name))
      write(file.path, `${JSON.stringify(file.schema, null, 2)}\n`);
  for (const e of examples) write(e.path, e.text);
  const dir = releasedDir(r.root, r.protocol, version);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const file of set.own) {
    copyFileSync(file.path, join(dir, file.name));
    files[file.name] = sha256File(join(dir, file.name));
    written.push(relative(r.root, join(dir, file.name)));
  }
  mine.version = version;
  mine.released.push({ version, files });
  if (field?.default !== undefined && field.default === wireVersion(mine, from))
    field.default = String(wireVersion(mine, version));
  write(registryFile(r.root), `${JSON.stringify(raw, null, 2)}\n`);
  const regenerated = r.regenerate === undefined ? "skipped (no generator given)" : await r.regenerate();
  const changeset = join(r.root, ".changeset", `${r.protocol}-${version.replaceAll(".", "-")}.md`);
  mkdirSync(join(r.root, ".changeset"), { recursive: true });
  write(changeset, changesetText(protocolPackageName(r.root, r.protocol), report, version, bump));
  return { ...base, version, refused: false, constants, written, regenerated };
}

/** The new version and the bump it is gated as: `to` (a date is always a major), else the next `bump`. */
function target(from: string, r: BumpRequest): { version: string; bump: "minor" | "major" } {
  if (r.to === undefined) return { version: nextVersion(from, r.bump), bump: r.bump };
  const bump = bumpBetween(from, r.to);
  if (bump === "none")
    throw new CompatError("compat/bad-bump", `expected --to later than ${r.protocol} ${from}, found ${r.to}`);
  return { version: r.to, bump };
}
