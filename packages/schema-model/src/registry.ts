import { join } from "node:path";
import { finding, KeelError } from "@keel/diagnostics";
import { createAjv } from "./ajv.js";
import { SchemaLoadError } from "./errors.js";
import { readJson } from "./read-file.js";
import type { ProtocolEntry, Registry } from "./registry-types.js";
import { schemasDir } from "./root.js";

export const registryFile = (root: string): string => join(schemasDir(root), "registry.json");
export const registrySchemaFile = (root: string): string => join(schemasDir(root), "registry.schema.json");

/**
 * Read schemas/registry.json and check it against schemas/registry.schema.json. Every command starts here,
 * so the check is the cheap one: only the first error is reported (ajv stops at it), and the registry
 * schema, the repository's own, is checked against its metaschema by registry.test.ts rather than on every
 * run (that compiled the 2020-12 metaschema: most of keel's start-up).
 */
export function loadRegistry(root: string): Registry {
  const file = registryFile(root);
  const data = readJson(file);
  const ajv = createAjv("2020-12", { allErrors: false, validateSchema: false });
  const validate = ajv.compile(readJson(registrySchemaFile(root)) as object);
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const where = first?.instancePath || "/";
    const f = finding("registry/invalid", { detail: `at ${where}: ${first?.message ?? "unknown error"}` });
    throw new SchemaLoadError(f.code, file, f.message);
  }
  return data as Registry;
}

export function protocolEntry(registry: Registry, name: string): ProtocolEntry {
  const entry = Object.hasOwn(registry.protocols, name) ? registry.protocols[name] : undefined;
  if (entry === undefined) {
    const known = Object.keys(registry.protocols);
    const f = finding("registry/unknown-protocol", { name, known });
    throw new KeelError(f.code, f.message);
  }
  return entry;
}

export function protocolNames(registry: Registry): string[] {
  return Object.keys(registry.protocols);
}
