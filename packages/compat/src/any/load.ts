import { spawnSync } from "node:child_process";
import { basename, dirname, resolve } from "node:path";
import {
  checkMetaschema,
  parseJsonText,
  readText,
  type SchemaFile,
  type SchemaObject,
  SchemaSet,
  walk,
} from "@keel/schema-model";
import { CompatError } from "../errors.js";
import { declaredDraft, NEWEST, normaliseDraft } from "./dialect.js";

/** One side of an any-schema comparison: the schema set and what keel assumed while reading it. */
export interface AnySide {
  set: SchemaSet;
  label: string;
  notes: string[];
}

/** Reads a path of the side's own kind: the file system, or a git ref's tree. */
type Reader = (path: string) => string;

/**
 * Load a schema file of any draft (04, 06, 07, 2019-09, 2020-12, or none: read as the newest) with every
 * file its `$ref`s reach, resolved relative to the referring file. `spec` is a path, or
 * `git:<ref>:<path>` for a file as it is at a git ref of the repository `cwd` is in.
 */
export function loadAnySide(spec: string, cwd: string): AnySide {
  const git = /^git:([^:]+):(.+)$/.exec(spec);
  const read: Reader = git === null ? readText : gitReader(git[1] as string, cwd);
  const path = git === null ? resolve(cwd, spec) : resolve(cwd, git[2] as string);
  const notes: string[] = [];
  const files = new Map<string, SchemaFile>();
  const main = loadOne(path, undefined, read, files, notes, spec);
  const referenced = [...files.values()].filter((f) => f !== main);
  return { set: new SchemaSet("schema", spec, [main], referenced), label: spec, notes };
}

function loadOne(
  path: string,
  id: string | undefined,
  read: Reader,
  files: Map<string, SchemaFile>,
  notes: string[],
  shown: string,
): SchemaFile {
  const text = read(path);
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
  for (const ref of externalRefs(schema)) {
    const target = new URL(ref, fileId);
    target.hash = "";
    if (files.has(target.href) || target.href === ownId) continue;
    const at = resolve(dirname(path), ref.replace(/#.*$/, ""));
    const child = /^[a-z][a-z0-9+.-]*:/i.test(ref) ? undefined : at;
    if (child === undefined)
      throw new CompatError(
        "schema/unresolved-ref",
        `${shown}: $ref "${ref}" names an absolute URI keel cannot read; refer to the file by a relative path`,
      );
    loadOne(child, target.href, read, files, notes, `${shown} → ${ref.replace(/#.*$/, "")}`);
  }
  return file;
}

/** `$ref`s that name another document (anything but a fragment of this one). */
function externalRefs(schema: SchemaObject): string[] {
  const out = new Set<string>();
  for (const v of walk(schema))
    if (typeof v.schema === "object" && typeof v.schema.$ref === "string" && !v.schema.$ref.startsWith("#"))
      out.add(v.schema.$ref);
  return [...out];
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
