import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import {
  checkMetaschema,
  loadRegistry,
  loadSchemaFile,
  loadSchemaSet,
  protocolEntry,
  type Registry,
  type SchemaFile,
  SchemaSet,
} from "@keel/schema-model";
import { CompatError } from "./errors.js";

/** One side of a comparison: the schemas, a label for reports, and the version when it is a release. */
export interface Side {
  set: SchemaSet;
  label: string;
  kind: "working" | "released" | "file" | "folder" | "git";
}

export interface SideOptions {
  root: string;
  registry: Registry;
  protocol: string;
  /** where relative paths are resolved */
  cwd: string;
}

/**
 * Read a version named on the command line, trying in turn: "working" (the working tree), a released
 * version of the protocol, a schema file, a folder of schema files, a git ref (its schemas/ read with
 * `git archive`). A file or folder is compared as the protocol's schemas; its $refs to other protocols
 * resolve against the working tree.
 */
export function loadSide(spec: string, o: SideOptions): Side {
  const side = readSide(spec, o);
  // a git side was checked while its files existed; a diff of an invalid schema is no verdict
  if (side.kind !== "git") for (const file of side.set.own) checkMetaschema(file);
  return side;
}

function readSide(spec: string, o: SideOptions): Side {
  const entry = protocolEntry(o.registry, o.protocol);
  if (spec === "working")
    return { set: loadSchemaSet(o.root, o.registry, o.protocol), label: "working", kind: "working" };
  if (entry.released.some((r) => r.version === spec))
    return { set: loadSchemaSet(o.root, o.registry, o.protocol, spec), label: spec, kind: "released" };
  const path = resolve(o.cwd, spec);
  if (existsSync(path)) {
    const folder = statSync(path).isDirectory();
    const files = folder ? folderFiles(path, entry.schemas) : [path];
    const label = relative(o.cwd, path) || ".";
    return {
      set: fromFiles(
        o,
        files.map((f) => named(o, f)),
        label,
      ),
      label,
      kind: folder ? "folder" : "file",
    };
  }
  if (isGitRef(o.root, spec)) return fromGit(spec, o);
  const known = entry.released.map((r) => r.version).join(", ") || "none";
  throw new CompatError(
    "compat/unknown-version",
    `expected "working", a released ${o.protocol} version (${known}), a schema file, a folder or a git ref, found "${spec}"`,
  );
}

/** The registry's schema names when the folder has them, else every *.json file in it. */
function folderFiles(dir: string, names: string[]): string[] {
  const listed = names.filter((n) => existsSync(join(dir, n)));
  const files =
    listed.length > 0
      ? listed
      : readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .sort();
  if (files.length === 0)
    throw new CompatError("io/not-found", `expected schema files (*.json) in ${dir}, found none`);
  return files.map((f) => join(dir, f));
}

/** A loose file gets the name of the working file with the same $id (upstream history files are renamed). */
function named(o: SideOptions, path: string): SchemaFile {
  const probe = loadSchemaFile(o.protocol, "file", basename(path), path);
  const working = loadSchemaSet(o.root, o.registry, o.protocol).own.find((f) => f.id === probe.id);
  return working === undefined ? probe : { ...probe, name: working.name };
}

function fromFiles(o: SideOptions, own: SchemaFile[], label: string): SchemaSet {
  const working = loadSchemaSet(o.root, o.registry, o.protocol);
  const referenced = working.all.filter((f) => !working.own.includes(f));
  return new SchemaSet(o.protocol, label, own, referenced);
}

function run(command: string, args: string[], cwd: string, input?: Buffer) {
  return spawnSync(command, args, { cwd, input, maxBuffer: 256 * 1024 * 1024 });
}

function isGitRef(root: string, ref: string): boolean {
  if (ref.startsWith("-")) return false;
  return run("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], root).status === 0;
}

/** schemas/ as it was at a git ref, extracted into a temporary folder and loaded with that ref's registry. */
function fromGit(ref: string, o: SideOptions): Side {
  const dir = mkdtempSync(join(tmpdir(), "keel-compat-"));
  try {
    const archive = run("git", ["archive", "--format=tar", ref, "schemas"], o.root);
    const tar = archive.status === 0 ? run("tar", ["-x", "-C", dir], dir, archive.stdout) : undefined;
    if (tar?.status !== 0) {
      const why = String(archive.stderr).trim() || "tar failed";
      throw new CompatError("compat/git", `could not read schemas/ at git ref "${ref}": ${why}`);
    }
    const registry = loadRegistry(dir);
    if (registry.protocols[o.protocol] === undefined)
      throw new CompatError(
        "compat/unknown-version",
        `git ref "${ref}" has no ${o.protocol} in schemas/registry.json`,
      );
    // schema files are read eagerly, so the extracted copy can go once they are loaded and checked
    const set = loadSchemaSet(dir, registry, o.protocol);
    for (const file of set.own) checkMetaschema(file, undefined, `${ref}:${relative(dir, file.path)}`);
    return { set, label: `git:${ref}`, kind: "git" };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
