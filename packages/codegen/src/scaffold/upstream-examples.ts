import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import {
  compileSchemaSet,
  fragmentToPointer,
  getAtPointer,
  loadSchemaSet,
  type Registry,
  type SchemaObject,
  type SchemaSet,
} from "@keel/schema-model";
import { formatJson } from "../fixture-gen/json.js";
import { snakeName } from "./document-types.js";

/** An upstream example taken in: where it came from, the document type it is filed under, its text. */
export interface AdoptedExample {
  from: string;
  type: string;
  /** the file name under `schemas/<p>/examples/<type>/` */
  name: string;
  text: string;
}

/**
 * Upstream examples kept per definition (`DIR/<Definition>/*.json`, as MCP's and A2A's repositories
 * keep them) filed under the document type they are: the type at that definition, else a union type that
 * holds it, else any type that accepts it — each checked by ajv first. What no type accepts, what is no
 * JSON and a folder naming no definition are returned with the reason, never dropped silently.
 */
export function adoptExamples(
  root: string,
  registry: Registry,
  protocol: string,
  dir: string,
): { adopted: AdoptedExample[]; refused: { from: string; why: string }[] } {
  const set = loadSchemaSet(root, registry, protocol);
  const compiled = compileSchemaSet(registry, set);
  const types = Object.entries(registry.protocols[protocol]?.documentTypes ?? {});
  const adopted: AdoptedExample[] = [];
  const refused: { from: string; why: string }[] = [];
  for (const definition of readdirSync(dir).sort()) {
    const folder = join(dir, definition);
    if (!statSync(folder).isDirectory()) continue;
    const files = readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .sort();
    if (!types.some(([, t]) => defined(set, t.schema, definition))) {
      for (const f of files) refused.push({ from: join(folder, f), why: `no definition ${definition}` });
      continue;
    }
    const own = types.filter(([, t]) => names(t.pointer) === definition).map(([type]) => type);
    const holders = types
      .filter(([, t]) => holds(set, t.schema, t.pointer, definition))
      .map(([type]) => type);
    const order = [...new Set([...own, ...holders, ...types.map(([type]) => type)])];
    for (const f of files) {
      const from = join(folder, f);
      let value: unknown;
      try {
        value = JSON.parse(readFileSync(from, "utf8"));
      } catch (error) {
        refused.push({ from, why: `not JSON (${(error as Error).message})` });
        continue;
      }
      const type = order.find((t) => compiled.validator(t)(value) === true);
      if (type === undefined) {
        refused.push({ from, why: "valid as no document type" });
        continue;
      }
      const name = own.includes(type) ? basename(f) : `${snakeName(definition)}-${basename(f)}`;
      adopted.push({ from, type, name, text: formatJson(value) });
    }
  }
  return { adopted, refused };
}

/** `#/definitions/AgentCard` → `AgentCard`; another pointer → undefined. */
function names(pointer: string): string | undefined {
  const m = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(pointer);
  return m?.[1] === undefined
    ? undefined
    : decodeURIComponent(m[1]).replaceAll("~1", "/").replaceAll("~0", "~");
}

function definitionsOf(schema: SchemaObject): Record<string, SchemaObject> {
  return (schema.$defs ?? schema.definitions ?? {}) as Record<string, SchemaObject>;
}

function defined(set: SchemaSet, file: string, definition: string): boolean {
  return Object.hasOwn(definitionsOf(set.fileByName(file).schema), definition);
}

/** Whether the type's schema is a union that holds the definition (through nested unions of its file). */
function holds(set: SchemaSet, file: string, pointer: string, definition: string): boolean {
  const schema = set.fileByName(file).schema;
  const defs = definitionsOf(schema);
  const seen = new Set<string>();
  const walk = (node: unknown): boolean => {
    if (node === null || typeof node !== "object") return false;
    const n = node as SchemaObject;
    const target = typeof n.$ref === "string" ? names(n.$ref) : undefined;
    if (target !== undefined) {
      if (target === definition) return true;
      if (seen.has(target)) return false;
      seen.add(target);
      return walk(defs[target]);
    }
    const union = n.anyOf ?? n.oneOf;
    return Array.isArray(union) && union.some(walk);
  };
  return walk(getAtPointer(schema, fragmentToPointer(pointer)));
}
