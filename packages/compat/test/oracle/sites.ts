import { getAtPointer, joinPointer, type SchemaFile, type SchemaObject, walk } from "@keel/schema-model";
import type { CompatFinding } from "../../src/index.js";
import { canonical } from "../../src/index.js";
import { schemaPrefixes } from "./pointers.js";

/** One place probed in both versions: the same subschema's location in the older and the newer file. */
export interface Site {
  file: string;
  older: string;
  newer: string;
  /** property names whose schema (or presence) differs there: where targeted edits go */
  names: string[];
}

const exists = (f: SchemaFile, p: string): boolean => getAtPointer(f.schema, p) !== undefined;
const deepest = (f: SchemaFile, p: string): string[] => schemaPrefixes(p).filter((q) => exists(f, q));

/** Properties declared at a subschema and one level of its branches (through a local $ref). */
function declared(file: SchemaFile, pointer: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const visit = (s: unknown, depth: number) => {
    if (s === null || typeof s !== "object" || depth > 2) return;
    const o = s as SchemaObject;
    if (typeof o.$ref === "string" && o.$ref.startsWith("#/"))
      visit(getAtPointer(file.schema, decodeURIComponent(o.$ref.slice(1))), depth + 1);
    for (const [k, v] of Object.entries((o.properties ?? {}) as object)) if (!(k in out)) out[k] = v;
    for (const kw of ["allOf", "anyOf", "oneOf"])
      if (Array.isArray(o[kw])) for (const b of o[kw] as unknown[]) visit(b, depth + 1);
    for (const kw of ["then", "else"]) visit(o[kw], depth + 1);
  };
  visit(getAtPointer(file.schema, pointer), 0);
  return out;
}

function differingNames(older: SchemaFile, newer: SchemaFile, po: string, pn: string): string[] {
  const a = declared(older, po);
  const b = declared(newer, pn);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => canonical(a[k]) !== canonical(b[k]))
    .sort();
}

/**
 * Where to probe: every document root, every wire finding's place (and one level up), and every object
 * whose declared names or maps differ although no finding may point there (the false "compatible" hunt).
 */
export function sitesOf(
  older: SchemaFile,
  newer: SchemaFile,
  findings: CompatFinding[],
  roots: string[],
): Site[] {
  const out = new Map<string, Site>();
  const add = (po: string, pn: string) => {
    const key = `${po}|${pn}`;
    if (!out.has(key))
      out.set(key, { file: newer.name, older: po, newer: pn, names: differingNames(older, newer, po, pn) });
  };
  for (const r of roots) if (exists(older, r) && exists(newer, r)) add(r, r);
  for (const f of findings) {
    if (f.file !== newer.name) continue;
    const from = f.fromPointer === undefined || f.fromPointer.includes("#") ? f.pointer : f.fromPointer;
    const common = deepest(newer, f.pointer).filter((q) => exists(older, q));
    const n = deepest(newer, f.pointer);
    const o = deepest(older, from);
    if (n.length > 0 && o.length > 0) add(o.at(-1) as string, n.at(-1) as string);
    if (n.length > 1 && o.length > 1) add(o.at(-2) as string, n.at(-2) as string);
    if (common.length > 0) add(common.at(-1) as string, common.at(-1) as string);
  }
  for (const v of walk(newer.schema)) {
    if (typeof v.schema !== "object" || !exists(older, v.pointer)) continue;
    const old = getAtPointer(older.schema, v.pointer) as SchemaObject;
    if (typeof old !== "object") continue;
    const keysDiffer =
      canonical(Object.keys(old.properties ?? {}).sort()) !==
      canonical(Object.keys(v.schema.properties ?? {}).sort());
    const mapsDiffer =
      canonical(old.additionalProperties) !== canonical(v.schema.additionalProperties) ||
      canonical(old.patternProperties) !== canonical(v.schema.patternProperties);
    if (keysDiffer || mapsDiffer) add(v.pointer, v.pointer);
  }
  return [...out.values()];
}

export const propertyPointer = (site: string, name: string): string => joinPointer(site, "properties", name);
