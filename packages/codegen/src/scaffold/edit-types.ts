import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { UsageError } from "@keel/diagnostics";
import {
  fragmentToPointer,
  getAtPointer,
  loadSchemaSet,
  type Registry,
  registryFile,
  type SchemaObject,
} from "@keel/schema-model";
import { synthesiseExamples } from "./examples.js";

export interface EditTypesResult {
  added: string[];
  removed: string[];
  /** repository-relative paths written or removed */
  written: string[];
  /** added document types no example could be synthesised for (the maintainer writes one) */
  withoutExample: string[];
}

/**
 * `keel types <protocol> --add name=#/pointer --remove name`: a protocol's document types after `keel new`.
 * Each added type must name a schema in the protocol's first schema file and gets a synthesised example
 * unless it has examples already; a removed type loses the example keel synthesised for it (examples
 * written by hand are left, and said). Refuses, with nothing written, an unknown protocol or type, a
 * name taken, a pointer naming nothing, or removing every type. `keel gen` then regenerates the package.
 */
export function editDocumentTypes(
  root: string,
  registry: Registry,
  protocol: string,
  add: Record<string, string>,
  remove: readonly string[],
): EditTypesResult {
  const entry = registry.protocols[protocol];
  if (entry === undefined)
    throw new UsageError(`expected a protocol of schemas/registry.json, found ${JSON.stringify(protocol)}`);
  const types = { ...entry.documentTypes };
  for (const name of remove) {
    if (types[name] === undefined)
      throw new UsageError(
        `expected a document type of ${protocol} to remove (${Object.keys(types).join(", ")}), found ${JSON.stringify(name)}`,
      );
    delete types[name];
  }
  const set = loadSchemaSet(root, registry, protocol);
  const schemaName = entry.schemas[0] as string;
  const file = set.fileByName(schemaName);
  for (const [name, pointer] of Object.entries(add)) {
    if (types[name] !== undefined)
      throw new UsageError(`expected a new document type name for ${protocol}, found ${name} already there`);
    const target = getAtPointer(file.schema, fragmentToPointer(pointer));
    if (target === undefined || (typeof target !== "object" && typeof target !== "boolean"))
      throw new UsageError(
        `expected ${pointer} to name a schema in schemas/${protocol}/${schemaName}, found nothing there`,
      );
    const text =
      typeof target === "object"
        ? ((target as SchemaObject).description ?? (target as SchemaObject).title)
        : undefined;
    const summary = typeof text === "string" ? (text.split("\n")[0]?.trim() ?? name) || name : name;
    types[name] = { schema: schemaName, pointer, fileKinds: entry.fileKinds, summary };
  }
  if (Object.keys(types).length === 0)
    throw new UsageError(`expected ${protocol} to keep at least one document type, found none left`);

  const raw = JSON.parse(readFileSync(registryFile(root), "utf8")) as Registry;
  (raw.protocols[protocol] as typeof entry).documentTypes = types;
  writeFileSync(registryFile(root), `${JSON.stringify(raw, null, 2)}\n`);
  const written = ["schemas/registry.json"];
  for (const name of remove) {
    const synthesised = join("schemas", protocol, "examples", name, "synthesised.json");
    if (!existsSync(join(root, synthesised))) continue;
    rmSync(join(root, synthesised));
    written.push(`removed ${synthesised}`);
  }
  const next: Registry = {
    ...registry,
    protocols: { ...registry.protocols, [protocol]: { ...entry, documentTypes: types } },
  };
  const withoutExample: string[] = [];
  const added = Object.keys(add);
  for (const example of synthesiseExamples(root, next, protocol)) {
    if (!added.includes(example.type)) continue;
    const folder = join("schemas", protocol, "examples", example.type);
    if (existsSync(join(root, folder))) continue;
    if (example.text === undefined) {
      withoutExample.push(example.type);
      continue;
    }
    const path = join(folder, "synthesised.json");
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), example.text);
    written.push(path);
  }
  return { added, removed: [...remove], written, withoutExample };
}
