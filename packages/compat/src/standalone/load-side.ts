import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import {
  checkMetaschema,
  parseJsonText,
  type RefResolver,
  readText,
  refSourcesHint,
  type SchemaFile,
  type SchemaObject,
  SchemaSet,
  splitPointer,
  walk,
} from "@keel/schema-model";
import { CompatError } from "../errors.js";
import { declaredDraft, NEWEST, normaliseDraft } from "./normalise-draft.js";

/** One side of an any-schema comparison: the schema set and what keel assumed while reading it. */
export interface AnySide {
  set: SchemaSet;
  label: string;
  notes: string[];
}

/** Reads a path of the side's own kind: the file system, or a git ref's tree. */
type Reader = (path: string) => string;

/** How references by absolute URL are found (`--ref`, `--ref-map`, `--catalog`) and what an unfound one is. */
export interface AnyLoadOptions {
  sources?: RefResolver;
  /** "any": a reference no source supplies reads as `{}` (accepts anything), noted; default: a usage error */
  unresolved?: "error" | "any";
}

/**
 * Load a schema file of any draft (04, 06, 07, 2019-09, 2020-12, or none: read as the newest) with every
 * file its `$ref`s reach, resolved relative to the referring file. `spec` is a path, or
 * `git:<ref>:<path>` for a file as it is at a git ref of the repository `cwd` is in.
 */
export function loadAnySide(spec: string, cwd: string, o: AnyLoadOptions = {}): AnySide {
  const git = /^git:([^:]+):(.+)$/.exec(spec);
  const read: Reader = git === null ? readText : gitReader(git[1] as string, cwd);
  const path = git === null ? resolve(cwd, spec) : resolve(cwd, git[2] as string);
  const notes: string[] = [];
  const files = new Map<string, SchemaFile>();
  const main = loadOne(path, undefined, { read, files, notes, o }, spec);
  const referenced = [...files.values()].filter((f) => f !== main);
  return { set: new SchemaSet("schema", spec, [main], referenced), label: spec, notes };
}

interface Loading {
  read: Reader;
  files: Map<string, SchemaFile>;
  notes: string[];
  o: AnyLoadOptions;
}

function loadOne(
  path: string,
  id: string | undefined,
  l: Loading,
  shown: string,
  fromSource = false,
): SchemaFile {
  const { files, notes } = l;
  // a file a --ref/--ref-map/--catalog source supplies is read from disk even for a git side
  const text = fromSource ? readText(path) : l.read(path);
  const raw = parseJsonText(text, shown);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new CompatError(
      "schema/not-an-object",
      `${shown}: expected a JSON Schema object, found ${typeName(raw)}`,
    );
  const declared = declaredDraft(raw as SchemaObject);
  if (declared === undefined)
    throw new CompatError(
      "schema/unknown-draft",
      `${shown}#/$schema: expected draft-04, -06, -07, 2019-09 or 2020-12, found ${JSON.stringify((raw as SchemaObject).$schema)}`,
    );
  if (declared === "none") notes.push(`${shown} has no $schema: read as ${NEWEST}`);
  const { schema, draft } = normaliseDraft(raw as SchemaObject, declared);
  const ownId = typeof schema.$id === "string" ? schema.$id.replace(/#$/, "") : undefined;
  // without $id the main file is read as file:///schema.json, so two versions of it keep one identity
  // and the files it refers to by relative path keep theirs
  const fileId = id ?? ownId ?? "file:///schema.json";
  const file: SchemaFile = {
    protocol: "schema",
    version: shown,
    name: basename(path),
    path,
    id: fileId,
    draft,
    schema,
  };
  // checked as normalised (draft-07 or 2020-12): keywords keep their places, so the location holds
  checkMetaschema(file, text, shown);
  files.set(fileId, file);
  for (const [ref, pointer] of externalRefs(schema)) {
    const target = new URL(ref, fileId);
    target.hash = "";
    if (files.has(target.href) || target.href === ownId) continue;
    const shownChild = `${shown} → ${ref.replace(/#.*$/, "")}`;
    const supplied = l.o.sources?.find(target.href);
    if (supplied !== undefined) {
      loadOne(supplied, target.href, l, shownChild, true);
      continue;
    }
    const beside = resolve(dirname(path), ref.replace(/#.*$/, ""));
    // a relative reference is first looked for beside the referring file (fromSource: on disk)
    if (!/^[a-z][a-z0-9+.-]*:/i.test(ref) && (fromSource ? existsSync(beside) : readable(l.read, beside))) {
      loadOne(beside, target.href, l, shownChild, fromSource);
      continue;
    }
    if (l.o.unresolved === "any") {
      notes.push(
        `$ref "${target.href}" (${shown}#${pointer}) was not supplied: read as {} (accepts anything)`,
      );
      const stub = stubFor(target.href, [...externalRefs(schema).keys()], fileId);
      files.set(target.href, {
        ...file,
        name: basename(target.pathname),
        path: target.href,
        id: target.href,
        schema: stub,
      });
      continue;
    }
    throw new CompatError(
      "schema/unresolved-ref",
      `${shown}#${pointer}: $ref "${ref}" names ${target.href}, which no file supplies; ${refSourcesHint(target.href)} (or --unresolved-refs any to read it as {})`,
    );
  }
  return file;
}

/** `{}` with an empty schema at every JSON Pointer fragment this file's references to `url` name. */
function stubFor(url: string, refs: string[], base: string): SchemaObject {
  const stub: SchemaObject = {};
  for (const ref of refs) {
    const u = new URL(ref, base);
    const fragment = u.hash;
    u.hash = "";
    if (u.href !== url || !fragment.startsWith("#/")) continue;
    let at: Record<string, unknown> = stub;
    for (const token of splitPointer(decodeURIComponent(fragment.slice(1)))) {
      if (at[token] === undefined || typeof at[token] !== "object") at[token] = {};
      at = at[token] as Record<string, unknown>;
    }
  }
  return stub;
}

function readable(read: Reader, path: string): boolean {
  try {
    read(path);
    return true;
  } catch {
    return false;
  }
}

/** `$ref`s that name another document (anything but a fragment of this one), with where each is first written. */
function externalRefs(schema: SchemaObject): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of walk(schema))
    if (typeof v.schema === "object" && typeof v.schema.$ref === "string" && !v.schema.$ref.startsWith("#"))
      if (!out.has(v.schema.$ref)) out.set(v.schema.$ref, `${v.pointer}/$ref`);
  return out;
}

function gitReader(ref: string, cwd: string): Reader {
  return (path: string) => {
    const rel = `./${resolve(path).slice(resolve(cwd).length + 1)}`;
    const r = spawnSync("git", ["show", `${ref}:${rel}`], { cwd, maxBuffer: 256 * 1024 * 1024 });
    if (r.status !== 0)
      throw new CompatError(
        "compat/git",
        `could not read ${rel} at git ref "${ref}": ${String(r.stderr).trim()}`,
      );
    return String(r.stdout);
  };
}

const typeName = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v);
