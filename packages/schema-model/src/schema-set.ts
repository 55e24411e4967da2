import { existsSync } from "node:fs";
import { join } from "node:path";
import { finding, KeelError } from "@keel/diagnostics";
import { DRAFTS, type Draft, draftOf } from "./ajv.js";
import { readDraft04 } from "./draft-04.js";
import { SchemaLoadError } from "./errors.js";
import { fragmentToPointer, getAtPointer } from "./pointer.js";
import { readJson } from "./read-file.js";
import { protocolEntry } from "./registry.js";
import type { Registry } from "./registry-types.js";
import { protocolDir, releasedDir } from "./root.js";
import { type Schema, type SchemaObject, walk } from "./walk.js";

/** One canonical schema file as loaded. */
export interface SchemaFile {
  protocol: string;
  /** "working" for schemas/<protocol>/, else the released version it was frozen as */
  version: string;
  name: string;
  path: string;
  id: string;
  draft: Draft;
  schema: SchemaObject;
  /** the schema as written, when `schema` is a rewrite of it (a draft-04 file read as draft-07) */
  source?: SchemaObject;
}

export interface Resolved {
  file: SchemaFile;
  /** JSON Pointer inside `file` */
  pointer: string;
  schema: Schema;
}

/**
 * The schema files of one protocol version plus every file they reach through another protocol's `$id`
 * (Mira → ATIF). Indexed by `$id` so `$ref`s resolve the way ajv resolves them.
 */
export class SchemaSet {
  readonly protocol: string;
  readonly version: string;
  /** this protocol's files, in registry order */
  readonly own: SchemaFile[];
  /** own files first, then the files of referenced protocols */
  readonly all: SchemaFile[];
  private readonly byId = new Map<string, SchemaFile>();

  constructor(protocol: string, version: string, own: SchemaFile[], referenced: SchemaFile[]) {
    this.protocol = protocol;
    this.version = version;
    this.own = own;
    this.all = [...own, ...referenced];
    for (const file of this.all) if (!this.byId.has(file.id)) this.byId.set(file.id, file);
  }

  get draft(): Draft {
    return (this.own[0] as SchemaFile).draft;
  }

  fileById(id: string): SchemaFile | undefined {
    return this.byId.get(id.replace(/#$/, ""));
  }

  fileByName(name: string): SchemaFile {
    const file = this.own.find((f) => f.name === name);
    if (file === undefined)
      throw new KeelError("registry/missing-file", `${this.protocol} has no schema file ${name}`);
    return file;
  }

  /** The subschema a `$ref` written at `from` points at; throws a located error when it points nowhere. */
  resolve(ref: string, from: SchemaFile): Resolved {
    const url = new URL(ref, from.id);
    const fragment = url.hash;
    url.hash = "";
    const file = this.fileById(url.href);
    const pointer = file === undefined ? undefined : fragmentTarget(file, fragment);
    if (file === undefined || pointer === undefined) {
      const f = finding("schema/unresolved-ref", { ref, from: from.name });
      throw new SchemaLoadError(f.code, from.path, f.message);
    }
    return { file, pointer, schema: getAtPointer(file.schema, pointer) as Schema };
  }
}

/** A fragment is a JSON Pointer ("#/$defs/X"), empty, or a plain-name `$anchor` ("#step"). */
function fragmentTarget(file: SchemaFile, fragment: string): string | undefined {
  if (fragment === "" || fragment === "#") return "";
  if (fragment.startsWith("#/")) {
    const pointer = fragmentToPointer(fragment);
    return getAtPointer(file.schema, pointer) === undefined ? undefined : pointer;
  }
  const anchor = decodeURIComponent(fragment.slice(1));
  for (const v of walk(file.schema)) {
    if (typeof v.schema === "object" && v.schema.$anchor === anchor) return v.pointer;
  }
  return undefined;
}

/**
 * The identity of a schema file without `$id` (upstream schemas often have none): one URL per protocol and
 * file name, the same for the working copy and every release, under the reserved `.invalid` domain so
 * nothing ever fetches it. `$ref`s resolve against it like against a real `$id`.
 */
export const defaultSchemaId = (protocol: string, name: string): string =>
  `https://keel.invalid/schemas/${protocol}/${encodeURIComponent(name)}`;

export function loadSchemaFile(protocol: string, version: string, name: string, path: string): SchemaFile {
  const schema = readJson(path);
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    throw new SchemaLoadError("schema/not-an-object", path, "expected a JSON Schema object at the top level");
  }
  const s = schema as SchemaObject;
  const draft = draftOf(s);
  if (draft === undefined) {
    throw new SchemaLoadError(
      "schema/unknown-draft",
      path,
      `expected $schema ${DRAFTS.join(", ")}, found ${JSON.stringify(s.$schema)}`,
    );
  }
  if (s.$id !== undefined && typeof s.$id !== "string")
    throw new SchemaLoadError(
      "schema/missing-id",
      path,
      `expected $id to be a string, found ${JSON.stringify(s.$id)}`,
    );
  // a draft-04 file is read as its draft-07 equivalent; `source` keeps it as written
  const read = draft === "draft-04" ? readDraft04(s, path) : s;
  const id = typeof read.$id === "string" ? read.$id.replace(/#$/, "") : defaultSchemaId(protocol, name);
  return draft === "draft-04"
    ? { protocol, version, name, path, id, draft: "draft-07", schema: read, source: s }
    : { protocol, version, name, path, id, draft, schema: s };
}

/** Files of one protocol: the working tree (`version` "working") or a frozen released version. */
export function loadProtocolFiles(
  root: string,
  registry: Registry,
  protocol: string,
  version = "working",
): SchemaFile[] {
  const entry = protocolEntry(registry, protocol);
  if (version === "working") {
    return entry.schemas.map((name) =>
      loadSchemaFile(protocol, version, name, join(protocolDir(root, protocol), name)),
    );
  }
  const released = entry.released.find((r) => r.version === version);
  if (released === undefined) {
    const known = entry.released.map((r) => r.version).join(", ") || "none";
    throw new KeelError(
      "registry/unknown-version",
      `expected a released ${protocol} version (${known}), found "${version}"`,
    );
  }
  return Object.keys(released.files).map((name) =>
    loadSchemaFile(protocol, version, name, join(releasedDir(root, protocol, version), name)),
  );
}

/**
 * Load a protocol version with everything it references. A referenced protocol contributes its working
 * files and then its released copies, so an older release can still reach the `$id` it was written against.
 */
export function loadSchemaSet(
  root: string,
  registry: Registry,
  protocol: string,
  version = "working",
): SchemaSet {
  const own = loadProtocolFiles(root, registry, protocol, version);
  const referenced: SchemaFile[] = [];
  for (const other of protocolEntry(registry, protocol).references) {
    referenced.push(...loadProtocolFiles(root, registry, other));
    for (const r of protocolEntry(registry, other).released) {
      if (existsSync(releasedDir(root, other, r.version)))
        referenced.push(...loadProtocolFiles(root, registry, other, r.version));
    }
  }
  return new SchemaSet(protocol, version, own, referenced);
}
