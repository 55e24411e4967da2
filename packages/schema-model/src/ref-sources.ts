import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { UsageError } from "@keel/diagnostics";
import { readJson } from "./read-file.js";

/**
 * Where the schemas that `$ref`s name by absolute URL are found, offline (`--ref`, `--ref-map`,
 * `--catalog`): nothing is ever fetched.
 */
export interface RefSources {
  /** schema files, each known by its `$id` (draft-04 `id`), as ajv-cli's `-r` */
  refs?: string[];
  /** `URL-PREFIX=DIR`: a URL starting with the prefix is the file at the rest of the URL under DIR */
  refMap?: string[];
  /** SchemaStore-shaped catalogues (`{schemas: [{url, versions?}]}`), each url read from a file beside it */
  catalogs?: string[];
}

/** Finds the local file for a schema URL (without fragment), undefined when no source supplies it. */
export interface RefResolver {
  find(url: string): string | undefined;
  /** whether any source was given (for the wording of an unresolved reference) */
  readonly given: boolean;
}

const stripHash = (url: string): string => url.replace(/#.*$/, "");

/** Build the resolver, reading every `--ref` file's `$id` and every catalogue now (usage errors first). */
export function refResolver(o: RefSources, cwd: string): RefResolver {
  const byId = new Map<string, string>();
  for (const f of o.refs ?? []) {
    const path = resolve(cwd, f);
    if (!existsSync(path)) throw new UsageError(`--ref ${f}: no such file`);
    for (const file of statSync(path).isDirectory() ? jsonFiles(path) : [path]) {
      const s = readJson(file) as Record<string, unknown> | null;
      const id = s !== null && typeof s === "object" ? (s.$id ?? s.id) : undefined;
      if (typeof id !== "string" || !/^[a-z][a-z0-9+.-]*:/i.test(id))
        throw new UsageError(
          `--ref ${file}: expected an absolute "$id" naming the URL it stands for, found ${JSON.stringify(id ?? null)}; use --ref-map URL-PREFIX=DIR for files without one`,
        );
      byId.set(stripHash(id), file);
    }
  }
  const prefixes = (o.refMap ?? []).map((m) => {
    const at = m.lastIndexOf("=");
    if (at <= 0 || at === m.length - 1)
      throw new UsageError(
        `--ref-map: expected URL-PREFIX=DIR (e.g. https://json.schemastore.org/=./schemas), found ${JSON.stringify(m)}`,
      );
    const dir = resolve(cwd, m.slice(at + 1));
    if (!existsSync(dir)) throw new UsageError(`--ref-map ${m}: no such folder ${dir}`);
    return { prefix: m.slice(0, at), dir };
  });
  for (const c of o.catalogs ?? [])
    for (const [url, file] of catalogEntries(resolve(cwd, c))) byId.set(url, file);
  return {
    given: byId.size > 0 || prefixes.length > 0,
    find(url) {
      const u = stripHash(url);
      const hit = byId.get(u);
      if (hit !== undefined) return hit;
      for (const { prefix, dir } of prefixes) {
        if (!u.startsWith(prefix)) continue;
        const rest = decodeURIComponent(u.slice(prefix.length)).replace(/^\/+/, "");
        const path = resolve(dir, rest);
        if (rest !== "" && !rest.split("/").includes("..") && existsSync(path)) return path;
      }
      return undefined;
    },
  };
}

/** The sentence an unresolved reference ends with: the flags that supply it. */
export function refSourcesHint(url: string): string {
  let prefix = url;
  try {
    const u = new URL(url);
    prefix = `${u.origin}${u.pathname.replace(/[^/]*$/, "")}`;
  } catch {
    // not a URL: name it as written
  }
  return `supply it offline with --ref FILE (a schema whose $id is ${stripHash(url)}), --ref-map ${prefix}=DIR or --catalog catalog.json`;
}

const jsonFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => join(dir, f));

/**
 * A SchemaStore catalogue: `{schemas: [{name, url, versions?: {v: url}}]}`. Each URL is read from a local
 * file: a relative url from the catalogue's folder, else the URL's file name beside the catalogue or in
 * SchemaStore's own layout (`src/api/json/catalog.json` → `src/schemas/json/<name>`).
 */
function catalogEntries(path: string): Array<[string, string]> {
  if (!existsSync(path)) throw new UsageError(`--catalog ${path}: no such file`);
  const c = readJson(path) as { schemas?: unknown } | null;
  if (c === null || typeof c !== "object" || !Array.isArray(c.schemas))
    throw new UsageError(
      `--catalog ${path}: expected a SchemaStore catalog ({"schemas": [{"name", "url"}]}), found no "schemas" array`,
    );
  const here = dirname(path);
  const places = [here, resolve(here, "..", "..", "schemas", "json")];
  const out: Array<[string, string]> = [];
  const add = (url: unknown) => {
    if (typeof url !== "string") return;
    if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
      const local = resolve(here, url);
      if (existsSync(local)) out.push([`file://${local}`, local]);
      return;
    }
    const name = basename(new URL(url).pathname);
    const local = places.map((p) => join(p, name)).find((p) => name !== "" && existsSync(p));
    if (local !== undefined) out.push([stripHash(url), local]);
  };
  for (const e of c.schemas as Array<Record<string, unknown>>) {
    if (e === null || typeof e !== "object") continue;
    add(e.url);
    if (e.versions !== null && typeof e.versions === "object")
      for (const v of Object.values(e.versions as object)) add(v);
  }
  return out;
}

/** A schema file an absolute `$ref` names, found offline. */
export interface ReferencedFile {
  url: string;
  path: string;
}

/**
 * Every file the `$ref`s of the schema at `path` reach by URL (transitively), found through `sources` or
 * beside the referring file; a reference nothing supplies is a usage error naming the URL, the pointer it
 * is written at and the flags that supply it. Used by `keel new --schema` (compat reads its own sides).
 */
export function referencedFiles(path: string, resolver: RefResolver): ReferencedFile[] {
  const out = new Map<string, ReferencedFile>();
  const visit = (file: string, base: string) => {
    const schema = readJson(file);
    for (const v of walkRefs(schema)) {
      if (v.ref.startsWith("#")) continue;
      const url = new URL(v.ref, base);
      url.hash = "";
      if (url.href === base.replace(/#.*$/, "") || out.has(url.href)) continue;
      const found =
        resolver.find(url.href) ??
        (/^[a-z][a-z0-9+.-]*:/i.test(v.ref)
          ? undefined
          : existing(resolve(dirname(file), v.ref.replace(/#.*$/, ""))));
      if (found === undefined)
        throw new UsageError(
          `${file}#${v.pointer}/$ref: $ref "${v.ref}" names ${url.href}, which no file supplies; ${refSourcesHint(url.href)}`,
        );
      out.set(url.href, { url: url.href, path: found });
      visit(found, url.href);
    }
  };
  const root = readJson(path) as Record<string, unknown> | null;
  const id = root !== null && typeof root === "object" ? (root.$id ?? root.id) : undefined;
  visit(path, typeof id === "string" && /^[a-z][a-z0-9+.-]*:/i.test(id) ? id : `file://${resolve(path)}`);
  return [...out.values()];
}

const existing = (p: string): string | undefined => (existsSync(p) ? p : undefined);

function* walkRefs(schema: unknown, pointer = ""): Generator<{ ref: string; pointer: string }> {
  if (schema === null || typeof schema !== "object") return;
  if (Array.isArray(schema)) {
    for (const [i, v] of schema.entries()) yield* walkRefs(v, `${pointer}/${i}`);
    return;
  }
  for (const [k, v] of Object.entries(schema)) {
    if (k === "$ref" && typeof v === "string") yield { ref: v, pointer };
    else if (k !== "enum" && k !== "const" && k !== "examples" && k !== "default")
      yield* walkRefs(v, `${pointer}/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`);
  }
}
