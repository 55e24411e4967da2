import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  createAjv,
  type Draft,
  findRoot,
  fragmentToPointer,
  loadRegistry,
  loadSchemaSet,
  type Registry,
  type SchemaFile,
  type SchemaObject,
  SchemaSet,
} from "@keel/schema-model";
import type { ValidateFunction } from "ajv";
import type { z } from "zod";
import { NameTable } from "../src/names.js";
import { generateZodModule } from "../src/zod/index.js";

export const root = findRoot(import.meta.dirname);
export const registry: Registry = loadRegistry(root);
export const protocols = Object.keys(registry.protocols);

export interface GeneratedProtocol {
  protocol: string;
  set: SchemaSet;
  names: NameTable;
  path: string;
  source: string;
}

/**
 * Generate every protocol's zod module into `test/.zod-out/<folder>/<protocol>.ts` (gitignored), importing
 * each other as `./<protocol>.js` instead of `@keel/<protocol>`. Returns them with the wall time taken.
 */
export function generateAll(folder: string): { modules: GeneratedProtocol[]; millis: number; dir: string } {
  const dir = join(import.meta.dirname, ".zod-out", folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const modules: GeneratedProtocol[] = [];
  const start = performance.now();
  for (const protocol of protocols) {
    const set = loadSchemaSet(root, registry, protocol);
    const names = new NameTable(registry, set);
    const source = generateZodModule(registry, set, names, { packageOf: (p) => `./${p}.js` });
    modules.push({ protocol, set, names, path: join(dir, `${protocol}.ts`), source });
  }
  const millis = performance.now() - start;
  for (const m of modules) writeFileSync(m.path, m.source);
  return { modules, millis, dir };
}

/** The exported `XxxSchema` name of a document type. */
export function documentTypeSchemaName(m: GeneratedProtocol, documentType: string): string {
  const entry = registry.protocols[m.protocol]?.documentTypes[documentType];
  if (entry === undefined) throw new Error(`${m.protocol} has no document type ${documentType}`);
  const file = m.set.fileByName(entry.schema);
  const pointer = entry.pointer === "#" ? "" : fragmentToPointer(entry.pointer);
  const def = m.names.lookup(file, pointer);
  if (def === undefined) throw new Error(`${m.protocol} ${documentType} (${entry.pointer}) has no name`);
  return `${def.name}Schema`;
}

export type SchemaModule = Record<string, z.ZodType>;

/** Like schema-model's compileSchemaSet, with ajv's `verbose` errors (each names the subschema that failed). */
export function compileVerbose(m: GeneratedProtocol): { validator(type: string): ValidateFunction } {
  const ajv = createAjv(m.set.draft, { verbose: true });
  const ids = new Set<string>();
  for (const file of m.set.all) {
    if (ids.has(file.id)) continue;
    ids.add(file.id);
    ajv.addSchema(file.schema, typeof file.schema.$id === "string" ? undefined : file.id);
  }
  return {
    validator(type) {
      const entry = registry.protocols[m.protocol]?.documentTypes[type];
      if (entry === undefined) throw new Error(`${m.protocol} has no document type ${type}`);
      const id = m.set.fileByName(entry.schema).id;
      const validate = ajv.getSchema(entry.pointer === "#" ? id : `${id}${entry.pointer}`);
      if (validate === undefined) throw new Error(`no schema for ${m.protocol} ${type}`);
      return validate;
    },
  };
}

const DRAFT_URIS: Record<Draft, string> = {
  "draft-04": "http://json-schema.org/draft-04/schema#",
  "draft-06": "http://json-schema.org/draft-06/schema#",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

/** A one-file protocol "unit" around `schema` (its root is document type "doc"), with its module and ajv. */
export async function inlineModule(
  name: string,
  schema: SchemaObject,
  draft: Draft = "2020-12",
): Promise<{ source: string; zod: z.ZodType; ajv: ValidateFunction }> {
  const id = `https://keel.test/${name}.schema.json`;
  const $schema = DRAFT_URIS[draft];
  const file: SchemaFile = {
    protocol: "unit",
    version: "working",
    name: `${name}.schema.json`,
    path: `<${name}>`,
    id,
    draft,
    schema: { $schema, $id: id, ...schema },
  };
  const set = new SchemaSet("unit", "working", [file], []);
  const entry = {
    documentTypes: { doc: { schema: file.name, pointer: "#", fileKinds: ["json"], summary: name } },
  };
  const unitRegistry = { protocols: { unit: entry } } as unknown as Registry;
  const source = generateZodModule(unitRegistry, set, new NameTable(unitRegistry, set));
  const dir = join(import.meta.dirname, ".zod-out", "unit");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.ts`);
  writeFileSync(path, source);
  const module = (await import(path)) as SchemaModule;
  const zod = module.DocSchema;
  if (zod === undefined) throw new Error(`${name}: no DocSchema in\n${source}`);
  // strict mode refuses untyped keywords and unknown required names when compiling; it changes no verdict
  return { source, zod, ajv: createAjv(draft, { strict: false }).compile(file.schema) };
}
