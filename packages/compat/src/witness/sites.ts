import { getAtPointer, joinPointer, type SchemaFile, type SchemaObject, walk } from "@keel/schema-model";
import { canonical } from "../canonical.js";
import type { CompatFinding } from "../types.js";
import { schemaPrefixes } from "./pointers.js";

/** One place probed in both versions: the same subschema's location in the older and the newer file. */
export interface Site {
  file: string;
  older: string;
  newer: string;
  /** property names whose schema (or presence) differs there: where targeted edits go */
  names: string[];
  /** names a finding points at: always edited */
  targets: Set<string>;
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
 * whose declared names or maps differ although no finding may point there (the false "compatible" hunt,
 * unless `hunt` is false: a witness search probes only its finding's places).
 */
export function sitesOf(
  older: SchemaFile,
  newer: SchemaFile,
  findings: CompatFinding[],
  roots: string[],
  hunt = true,
): Site[] {
  const out = new Map<string, Site>();
  // a place is a subschema in both versions, not an `items` tuple (an array of them)
  const schemaAt = (f: SchemaFile, p: string) => {
    const s = getAtPointer(f.schema, p);
    return typeof s === "boolean" || (s !== null && typeof s === "object" && !Array.isArray(s));
  };
  const add = (po: string, pn: string): Site => {
    if (!schemaAt(older, po) || !schemaAt(newer, pn))
      return { file: newer.name, older: po, newer: pn, names: [], targets: new Set() };
    const key = `${po}|${pn}`;
    if (!out.has(key))
      out.set(key, {
        file: newer.name,
        older: po,
        newer: pn,
        names: differingNames(older, newer, po, pn),
        targets: new Set(),
      });
    return out.get(key) as Site;
  };
  for (const r of roots) if (exists(older, r) && exists(newer, r)) add(r, r);
  for (const f of findings) {
    if (f.file !== newer.name) continue;
    // a witness search probes the finding's own place even where same-index branches differ (a rule's
    // option tuple rewritten): the whole document is validated against both versions anyway
    const common = deepest(newer, f.pointer).filter(
      (q) => exists(older, q) && (!hunt || aligned(older, newer, q)),
    );
    // the member the finding is about, where the newer or (moved into a definition) the older side names it
    const was = f.fromPointer?.includes("#") ? (f.fromPointer.split("#")[1] as string) : f.fromPointer;
    for (const q of common.slice(-2)) {
      const site = add(q, q);
      for (const p of [f.pointer, ...(was === undefined ? [] : [was])]) {
        const name = p.startsWith(q) ? /^\/properties\/([^/]+)/.exec(p.slice(q.length))?.[1] : undefined;
        if (name !== undefined) site.targets.add(name.replaceAll("~1", "/").replaceAll("~0", "~"));
      }
    }
    // the diff paired two different places (a moved branch): probe that pair as well
    if (f.fromPointer === undefined) continue;
    const n = deepest(newer, f.pointer);
    const o = deepest(
      older,
      f.fromPointer.includes("#") ? (f.fromPointer.split("#")[1] as string) : f.fromPointer,
    );
    const last = (x: string | undefined) => x?.split("/").pop();
    // only a place the diff moved as a whole (same name or keyword at the end), not an object vs its
    // property; aligned from the end (babelrc's members moved under /definitions/Options)
    for (let k = 1; k <= 2; k++) {
      const a = o.at(-k);
      const b = n.at(-k);
      if (a === undefined || b === undefined || a === "" || b === "") break;
      if (last(a) === last(b)) add(a, b);
    }
  }
  if (!hunt) return [...out.values()];
  for (const v of walk(newer.schema)) {
    if (typeof v.schema !== "object" || !exists(older, v.pointer) || !aligned(older, newer, v.pointer))
      continue;
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

const BRANCHES = new Set(["allOf", "anyOf", "oneOf"]);

/** Same-index branches are the same place only when they say what they are alike (same if, $ref, names). */
function aligned(older: SchemaFile, newer: SchemaFile, pointer: string): boolean {
  const t = pointer.split("/");
  for (let i = 1; i < t.length - 1; i++) {
    if (!BRANCHES.has(t[i] as string) || !/^\d+$/.test(t[i + 1] as string)) continue;
    const p = t.slice(0, i + 2).join("/");
    const a = getAtPointer(older.schema, p) as SchemaObject;
    const b = getAtPointer(newer.schema, p) as SchemaObject;
    if (canonical(a) === canonical(b)) continue;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    const same = (kw: string) => a[kw] !== undefined && canonical(a[kw]) === canonical(b[kw]);
    const names = (s: SchemaObject) => canonical(Object.keys((s.properties ?? {}) as object).sort());
    if (
      !(same("if") || same("$ref") || same("const") || (a.properties !== undefined && names(a) === names(b)))
    )
      return false;
  }
  return true;
}

export const propertyPointer = (site: string, name: string): string => joinPointer(site, "properties", name);
