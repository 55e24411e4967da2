import { join } from "node:path";
import {
  type CompiledProtocol,
  compileSchemaSet,
  listExamples,
  loadSchemaSet,
  readDocuments,
  readFixtures,
  type SchemaSet,
} from "@keel/schema-model";
import type { ErrorObject } from "ajv";
import { generateAjvModule } from "../src/ajv/index.js";
import { registry, root } from "./zod-support.js";

/** A validator in ajv's calling convention. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface Pair {
  protocol: string;
  set: SchemaSet;
  /** plain ajv with keel's configuration (schema-model's compileSchemaSet): the reference */
  reference: CompiledProtocol;
  /** the freshly generated ajv module, by export name */
  keel: Record<string, Validator>;
}

/**
 * Generate a protocol's ajv module in memory and import it; its `require()`s resolve from the protocol
 * package, which depends on ajv and ajv-formats like the generated file does.
 */
export async function loadPair(protocol: string): Promise<Pair> {
  const set = loadSchemaSet(root, registry, protocol);
  const pkg = join(root, "packages", `protocol-${protocol}`, "package.json");
  const source = generateAjvModule(registry, set).replace(
    "createRequire(import.meta.url)",
    `createRequire(${JSON.stringify(pkg)})`,
  );
  const keel = (await import(
    `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`
  )) as Record<string, Validator>;
  return { protocol, set, reference: compileSchemaSet(registry, set), keel };
}

/** What keel and ajv must agree on: the verdict and every error's keyword, instancePath and params, in order. */
export function outcome(validate: Validator, doc: unknown): { valid: boolean; errors: unknown[] } {
  const valid = validate(doc);
  const errors = (validate.errors ?? []).map((e) => [e.instancePath, e.keyword, e.params, e.schemaPath]);
  return { valid, errors };
}

export interface Sample {
  id: string;
  type: string;
  value: unknown;
}

/** Every conformance fixture (manifest order) and every example document of a protocol. */
export function samples(protocol: string): { fixtures: Sample[]; examples: Sample[] } {
  const fixtures = readFixtures(root, protocol).map((f) => ({ id: f.file, type: f.type, value: f.value }));
  const examples = listExamples(root, registry, protocol).flatMap((e) =>
    readDocuments(e.path).map((d) => ({
      id: `${e.display}:${d.line}`,
      type: e.documentType,
      value: d.value,
    })),
  );
  return { fixtures, examples };
}
