import { createHash } from "node:crypto";
import { join } from "node:path";
import { finding, KeelError } from "@keel/diagnostics";
import { createAjv } from "./ajv.js";
import { SchemaLoadError } from "./errors.js";
import { registrySchemaSha256, validateRegistry } from "./generated/registry.gen.js";
import { parseJsonText, readJson, readText } from "./read-file.js";
import type { ProtocolEntry, Registry } from "./registry-types.js";
import { schemasDir } from "./root.js";

export const registryFile = (root: string): string => join(schemasDir(root), "registry.json");
export const registrySchemaFile = (root: string): string => join(schemasDir(root), "registry.schema.json");

interface RegistryValidator {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}

/**
 * Read schemas/registry.json and check it against schemas/registry.schema.json. Every command starts here,
 * so the check is the cheap one: only the first error is reported (ajv stops at it), by the validator `keel
 * gen` made from that schema while its bytes are unchanged (compiling it took ≈ 70 ms); an edited schema
 * is compiled here. The registry schema, the repository's own, is checked against its metaschema by
 * registry.test.ts rather than on every run.
 */
export function loadRegistry(root: string): Registry {
  const file = registryFile(root);
  const data = readJson(file);
  const validate = registryValidator(registrySchemaFile(root));
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const where = first?.instancePath || "/";
    const f = finding("registry/invalid", { detail: `at ${where}: ${first?.message ?? "unknown error"}` });
    throw new SchemaLoadError(f.code, file, f.message);
  }
  return data as Registry;
}

function registryValidator(schemaFile: string): RegistryValidator {
  const text = readText(schemaFile);
  if (createHash("sha256").update(text).digest("hex") === registrySchemaSha256)
    return validateRegistry as RegistryValidator;
  const ajv = createAjv("2020-12", { allErrors: false, validateSchema: false });
  return ajv.compile(parseJsonText(text, schemaFile) as object);
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
