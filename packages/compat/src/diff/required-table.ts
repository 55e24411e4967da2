import { isRecord } from "@keel/diagnostics";
import { fragmentToPointer, getAtPointer, joinPointer, type SchemaFile } from "@keel/schema-model";
import { canonical } from "../canonical.js";
import type { CompatFinding } from "../types.js";
import { isAnnotation } from "./annotations.js";

/**
 * Which names an object requires, as a function of which names a document carries: the object's own
 * `required` and every `if`/`then`/`else` (alone or in `allOf`) whose `if` only asks for names (`required`,
 * possibly under `not`) and whose branches only require names (or restate the object's own property
 * schemas). dependabot's update: "if multi-ecosystem-group then package-ecosystem else package-ecosystem
 * and schedule" is "package-ecosystem always; schedule unless multi-ecosystem-group" written another way.
 */
interface Table {
  atoms: string[];
  /** the names required when the condition names in `present` are carried (the others are not) */
  requires: (present: Set<string>) => Set<string>;
}

interface Conditional {
  names: string[];
  negated: boolean;
  then: string[];
  else: string[];
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;

/** `{required: [A…]}`, `{properties: {A: {}}, required: [A]}` or `{not: …}` of one: the names it asks for. */
function condition(s: unknown): { names: string[]; negated: boolean } | undefined {
  if (!isRecord(s)) return undefined;
  if (isRecord(s.not) && Object.keys(s).every((k) => k === "not" || isAnnotation(k))) {
    const inner = condition(s.not);
    return inner === undefined ? undefined : { names: inner.names, negated: !inner.negated };
  }
  const names = strings(s.required);
  if (names === undefined || names.length === 0) return undefined;
  for (const [k, v] of Object.entries(s)) {
    if (k === "required" || isAnnotation(k)) continue;
    // `properties: {A: {}}` asks nothing of A's value
    if (k !== "properties" || !isRecord(v) || !Object.values(v).every((x) => canonical(x) === "{}"))
      return undefined;
  }
  return { names, negated: false };
}

/** A branch that only requires names, or restates the object's own property schemas: its required names. */
function branchRequires(
  _file: SchemaFile,
  at: string,
  own: Record<string, unknown>,
  s: unknown,
): string[] | undefined {
  if (s === undefined) return [];
  if (!isRecord(s)) return undefined;
  for (const [k, v] of Object.entries(s)) {
    if (k === "required" || isAnnotation(k)) continue;
    if (k !== "properties" || !isRecord(v)) return undefined;
    for (const [name, p] of Object.entries(v)) {
      const restated =
        canonical(p) === canonical(own[name]) ||
        (isRecord(p) &&
          Object.keys(p).length === 1 &&
          typeof p.$ref === "string" &&
          p.$ref.startsWith("#") &&
          fragmentToPointer(p.$ref) === joinPointer(at, "properties", name));
      if (!restated) return undefined;
    }
  }
  return strings(s.required ?? []);
}

/** The table of the object at `pointer` (through a local `$ref`), undefined when it has another kind of condition. */
function tableAt(file: SchemaFile, pointer: string): Table | undefined {
  let at = pointer;
  let s = getAtPointer(file.schema, at);
  for (let i = 0; i < 4 && isRecord(s) && typeof s.$ref === "string" && s.$ref.startsWith("#"); i++) {
    at = fragmentToPointer(s.$ref);
    s = getAtPointer(file.schema, at);
  }
  if (!isRecord(s)) return undefined;
  const own = isRecord(s.properties) ? s.properties : {};
  const base = strings(s.required ?? []);
  if (base === undefined) return undefined;
  const conds: Conditional[] = [];
  const blocks = [...(Array.isArray(s.allOf) ? s.allOf : []), ...(s.if === undefined ? [] : [s])];
  for (const b of blocks) {
    if (!isRecord(b) || b.if === undefined) continue;
    const c = condition(b.if);
    const then = branchRequires(file, at, own, b.then);
    const otherwise = branchRequires(file, at, own, b.else);
    if (c === undefined || then === undefined || otherwise === undefined) return undefined;
    conds.push({ ...c, then, else: otherwise });
  }
  const atoms = [...new Set(conds.flatMap((c) => c.names))].sort();
  return {
    atoms,
    requires(present) {
      const out = new Set(base);
      for (const c of conds) {
        const holds = c.names.every((n) => present.has(n)) !== c.negated;
        for (const n of holds ? c.then : c.else) out.add(n);
      }
      return out;
    },
  };
}

/** Two tables that accept the same documents: for every combination of condition names, the same names asked. */
function sameTable(a: Table, b: Table): boolean {
  const atoms = [...new Set([...a.atoms, ...b.atoms])];
  if (atoms.length > 8) return false;
  for (let mask = 0; mask < 1 << atoms.length; mask++) {
    const present = new Set(atoms.filter((_, i) => mask & (1 << i)));
    // a name asked for while the combination says it is absent: no document has that combination
    const read = (t: Table) => {
      const r = t.requires(present);
      if (atoms.some((n) => !present.has(n) && r.has(n))) return "none";
      return canonical([...r].filter((n) => !present.has(n)).sort());
    };
    if (read(a) !== read(b)) return false;
  }
  return true;
}

const REQUIREDNESS = new Set([
  "conditional-added",
  "conditional-removed",
  "property-made-required",
  "required-property-added",
  "property-made-optional",
  "property-made-optional-without-default",
]);

/** The object a requiredness or conditional finding is about, in the newer file. */
function scope(f: CompatFinding): string {
  const p = f.pointer.replace(/\/(if|then|else)$/, "");
  if (/\/allOf(\/\d+)?$/.test(p)) return p.replace(/\/allOf(\/\d+)?$/, "");
  return p.replace(/\/properties\/[^/]+$/, "");
}

/**
 * Requiredness and conditional findings of an object whose table of required names is the same in both
 * versions (the names moved between `required` and conditionals without changing which documents pass)
 * become `moved(f)`: no wire change.
 */
export function cancelRequiredTables(
  findings: CompatFinding[],
  older: (name: string) => SchemaFile | undefined,
  newer: (name: string) => SchemaFile | undefined,
  moved: (f: CompatFinding) => CompatFinding,
): CompatFinding[] {
  const same = new Map<string, boolean>();
  return findings.map((f) => {
    if (!REQUIREDNESS.has(f.rule)) return f;
    const where = scope(f);
    const key = `${f.file}#${where}`;
    if (!same.has(key)) {
      const a = older(f.file);
      const b = newer(f.file);
      const ta = a === undefined ? undefined : tableAt(a, where);
      const tb = b === undefined ? undefined : tableAt(b, where);
      same.set(key, ta !== undefined && tb !== undefined && sameTable(ta, tb));
    }
    return same.get(key) === true ? moved(f) : f;
  });
}
