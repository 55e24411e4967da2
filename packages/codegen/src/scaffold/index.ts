import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { KeelError, UsageError } from "@keel/diagnostics";
import {
  type ConsumerModel,
  type DocumentTypeEntry,
  DRAFTS,
  draftOf,
  isVersion,
  type ProtocolEntry,
  type Registry,
  readJson,
  registryFile,
  SchemaLoadError,
  type SchemaObject,
} from "@keel/schema-model";
import { chooseDocumentTypes } from "./document-types.js";
import { synthesiseExamples } from "./examples.js";
import { protocolPackageFiles } from "./package-files.js";
import { schemasReadme } from "./schemas-readme.js";
import { adoptExamples } from "./upstream-examples.js";
import { wireValidatePackage } from "./wiring.js";

export interface NewProtocolOptions {
  protocol: string;
  /** the schema file to adopt (copied, formatting normalised, content unchanged) */
  schema: string;
  /** the source specification the schema was read from, recorded in the registry */
  seed?: string;
  title?: string;
  summary?: string;
  /** default: a date or version in the schema's file name, path or `$id` (schema-2025-06-18.json), else 1.0 */
  version?: string;
  consumer?: ConsumerModel;
  /** document type → JSON Pointer fragment in the schema; default: chosen from the schema (document-types.ts) */
  types?: Record<string, string>;
  /** upstream examples kept per definition (`DIR/<Definition>/*.json`), filed under the types they are */
  examples?: string;
}

export interface NewProtocolResult {
  protocol: string;
  version: string;
  /** where the version came from: "--first-version", "the file name", "its $id", or why it is 1.0 */
  versionFrom: string;
  documentTypes: string[];
  /** repository-relative paths written */
  written: string[];
  /** document types with no example, neither synthesised nor adopted (the maintainer writes one) */
  withoutExample: string[];
  /** upstream examples (`--examples`) no type accepts, with why */
  refusedExamples: { from: string; why: string }[];
}

/**
 * `keel new`: everything a protocol needs besides what `keel gen` writes — its registry entry, its
 * schemas folder (the schema, a README stub, a first example per document type), the package
 * `packages/protocol-<p>` and its dependency from @keel/validate (which loads `@keel/<p>` by the
 * registry's name). Refuses, with nothing written, a name already taken or a schema it cannot read.
 */
export function scaffoldProtocol(root: string, registry: Registry, o: NewProtocolOptions): NewProtocolResult {
  const p = o.protocol;
  if (!/^[a-z][a-z0-9-]*$/.test(p))
    throw new UsageError(
      `expected a protocol name (lowercase letters, digits, -), found ${JSON.stringify(p)}`,
    );
  if (Object.hasOwn(registry.protocols, p))
    throw new KeelError(
      "new/exists",
      `expected a new protocol name, found ${p} already in schemas/registry.json`,
    );
  for (const dir of [join("schemas", p), join("packages", `protocol-${p}`)])
    if (existsSync(join(root, dir)))
      throw new KeelError("new/exists", `expected no ${dir}/ for a new protocol, found one`);
  const schema = readJson(o.schema);
  if (schema === null || typeof schema !== "object" || Array.isArray(schema))
    throw new SchemaLoadError(
      "schema/not-an-object",
      o.schema,
      "expected a JSON Schema object at the top level",
    );
  const s = schema as SchemaObject;
  if (draftOf(s) === undefined)
    throw new SchemaLoadError(
      "schema/unknown-draft",
      o.schema,
      `expected $schema ${DRAFTS.join(", ")}, found ${JSON.stringify(s.$schema)}`,
    );
  if (o.seed !== undefined && !existsSync(o.seed))
    throw new KeelError("new/missing-seed", `expected the seed file ${o.seed} to exist, found nothing there`);
  const file = basename(o.schema).endsWith(".json") ? basename(o.schema) : `${basename(o.schema)}.json`;
  const { version, versionFrom } = chooseVersion(o, file, s);
  if (!isVersion(version))
    throw new UsageError(
      `expected a version like 1.0 or a date 2025-06-18, found ${JSON.stringify(version)}`,
    );
  const fileKinds: DocumentTypeEntry["fileKinds"] = ["json", "jsonl"];
  const documentTypes =
    o.types === undefined
      ? chooseDocumentTypes(p, file, s, fileKinds)
      : Object.fromEntries(
          Object.entries(o.types).map(([t, pointer]) => [
            t,
            { schema: file, pointer, fileKinds, summary: t },
          ]),
        );
  const consumer = o.consumer ?? "lenient";
  const title = o.title ?? p.toUpperCase();
  const entry: ProtocolEntry = {
    title,
    summary:
      o.summary ??
      firstText(s.description) ??
      firstText(s.title) ??
      `${title} documents, checked against ${file} (say what the protocol is: keel new --summary)`,
    ...(o.seed === undefined ? {} : { seed: basename(o.seed) }),
    reference: null,
    version,
    consumer,
    versionPolicy: consumer === "strict" ? "minor-adds-optional" : "additive-minor",
    versionField: null,
    schemas: [file],
    fileKinds,
    documentTypes,
    released: [],
    references: [],
    facts: {},
  };
  const raw = JSON.parse(readFileSync(registryFile(root), "utf8")) as Registry;
  raw.protocols[p] = entry;
  const next: Registry = { ...registry, protocols: { ...registry.protocols, [p]: entry } };

  const written: string[] = [];
  const write = (path: string, content: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    written.push(path);
  };
  write(join("schemas", p, file), `${JSON.stringify(s, null, 2)}\n`);
  write(join("schemas", p, "README.md"), schemasReadme(title, p, file, o.seed, Object.keys(documentTypes)));
  write("schemas/registry.json", `${JSON.stringify(raw, null, 2)}\n`);
  for (const f of protocolPackageFiles(root, next, p, title, Object.keys(documentTypes)))
    write(f.path, f.content);
  const wired = wireValidatePackage(root, p);
  if (wired !== undefined) written.push(wired);
  const upstream =
    o.examples === undefined ? { adopted: [], refused: [] } : adoptExamples(root, next, p, o.examples);
  for (const e of upstream.adopted) write(join("schemas", p, "examples", e.type, e.name), e.text);
  const adoptedTypes = new Set(upstream.adopted.map((e) => e.type));
  const withoutExample: string[] = [];
  for (const example of synthesiseExamples(root, next, p)) {
    if (example.text !== undefined)
      write(join("schemas", p, "examples", example.type, "synthesised.json"), example.text);
    else if (!adoptedTypes.has(example.type)) withoutExample.push(example.type);
  }
  return {
    protocol: p,
    version,
    versionFrom,
    documentTypes: Object.keys(documentTypes),
    written,
    withoutExample,
    refusedExamples: upstream.refused,
  };
}

const firstText = (text: unknown): string | undefined =>
  typeof text === "string" ? text.split("\n")[0]?.trim() || undefined : undefined;

const DATE = /(?:^|[^0-9])(\d{4}-\d{2}-\d{2})(?![0-9])/;
const DOTTED = /(?:^|[/_-])v?(\d+(?:\.\d+)+)(?=[/_-]|\.json$|$)/;

/**
 * The first version: --first-version, else a date or dotted version in the file name, the schema's path
 * or its `$id` (`…/2025-06-18/schema.json`, `…/v0.3.0/a2a.json`), else 1.0 — and where it came from, so
 * a default is said, not silently taken.
 */
function chooseVersion(
  o: NewProtocolOptions,
  file: string,
  s: SchemaObject,
): { version: string; versionFrom: string } {
  if (o.version !== undefined) return { version: o.version, versionFrom: "--first-version" };
  const places: [string, unknown][] = [
    ["the file name", file],
    ["the schema's path", o.schema],
    ["its $id", s.$id],
  ];
  for (const [from, text] of places) {
    if (typeof text !== "string") continue;
    const found = DATE.exec(text)?.[1] ?? DOTTED.exec(text)?.[1];
    if (found !== undefined && isVersion(found)) return { version: found, versionFrom: from };
  }
  return {
    version: "1.0",
    versionFrom: "no date or version in the file name, path or $id (keel new --first-version to choose)",
  };
}
