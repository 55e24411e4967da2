import {
  fragmentToPointer,
  getAtPointer,
  type ProtocolEntry,
  type SchemaFile,
  type SchemaSet,
  splitPointer,
} from "@keel/schema-model";
import { childNode, nodeAt, type Origin, type SchemaNode } from "./schema-node.js";

/** The file a registry schema name means in this set; a set of one file stands for any name. */
export function fileFor(set: SchemaSet, name: string): SchemaFile | undefined {
  return set.own.find((f) => f.name === name) ?? (set.own.length === 1 ? set.own[0] : undefined);
}

/** The entry-point node of a document type in this set, when the set has it. */
export function documentRoot(
  set: SchemaSet,
  entry: ProtocolEntry,
  documentType: string,
): SchemaNode | undefined {
  const type = entry.documentTypes[documentType];
  const file = type === undefined ? undefined : fileFor(set, type.schema);
  if (type === undefined || file === undefined) return undefined;
  const pointer = fragmentToPointer(type.pointer);
  const schema = getAtPointer(file.schema, pointer);
  return schema === undefined ? undefined : nodeAt(set, file, pointer, schema);
}

/** The nodes a document pointer ("*" = any array item) can land on, through allOf/anyOf/oneOf/if branches. */
export function nodesAtInstancePointer(root: SchemaNode, pointer: string): SchemaNode[] {
  let nodes = [root];
  for (const token of splitPointer(pointer)) {
    nodes = nodes.flatMap((n) => alternatives(n, 0)).flatMap((n) => step(n, token));
  }
  return nodes;
}

function step(n: SchemaNode, token: string): SchemaNode[] {
  if (token === "*" || /^\d+$/.test(token)) {
    const item = childNode(n, "items");
    return item === undefined || Array.isArray(n.schema.items) ? [] : [item];
  }
  const props = n.schema.properties as Record<string, unknown> | undefined;
  if (props === undefined || !Object.hasOwn(props, token)) return [];
  const child = childNode(n, "properties", token);
  return child === undefined ? [] : [child];
}

/** A node and every branch it may continue in. */
function alternatives(n: SchemaNode, depth: number): SchemaNode[] {
  if (depth > 6) return [n];
  const out = [n];
  for (const kw of ["allOf", "anyOf", "oneOf"]) {
    const list = n.schema[kw];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const b = childNode(n, kw, i);
      if (b !== undefined) out.push(...alternatives(b, depth + 1));
    }
  }
  for (const kw of ["then", "else"]) {
    const b = childNode(n, kw);
    if (b !== undefined) out.push(...alternatives(b, depth + 1));
  }
  return out;
}

/** Every place (referring sites included) where a set's schemas describe the protocol's version field. */
export function versionFieldLocations(set: SchemaSet, entry: ProtocolEntry): Origin[] {
  const field = entry.versionField;
  if (field === null) return [];
  const out: Origin[] = [];
  for (const type of field.documentTypes) {
    const root = documentRoot(set, entry, type);
    if (root === undefined) continue;
    for (const pointer of [field.pointer, ...(field.nestedPointers ?? [])])
      for (const node of nodesAtInstancePointer(root, pointer)) out.push(...node.chain);
  }
  return out;
}

/** How a version is written in documents: the registry's template, and a number where the field holds one. */
export function wireVersion(entry: ProtocolEntry, version: string, like?: unknown): string | number {
  const text = entry.versionField?.valueTemplate?.replace("{version}", version) ?? version;
  return typeof like === "number" && Number.isFinite(Number(text)) ? Number(text) : text;
}
