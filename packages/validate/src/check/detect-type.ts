import {
  fragmentToPointer,
  getAtPointer,
  loadSchemaSet,
  type ProtocolEntry,
  type SchemaFile,
  type SchemaObject,
  type SchemaSet,
} from "@keel/schema-model";
import type { ProtocolContext } from "./context.js";

/** What a type's schema says about its top-level properties: must have, must not have, fixed values. */
export interface TypeSignature {
  type: string;
  required: string[];
  forbidden: string[];
  consts: Record<string, unknown>;
  /** members whose value is one of a few (an `enum`, or a union whose every branch fixes the member: MCP's `method`) */
  choices?: Record<string, unknown[]>;
  /** the registry's file kinds for the type (json, jsonl, yaml) */
  kinds?: readonly string[];
}

/** A signature with nothing to check accepts any object: detection can only fall back on it. */
export const isOpen = (s: TypeSignature): boolean =>
  s.required.length === 0 && s.forbidden.length === 0 && Object.keys(s.consts).length === 0;

/** The signature of every auto-detectable document type of a protocol (registry `autoDetect` ≠ false). */
export function typeSignatures(ctx: ProtocolContext, entry: ProtocolEntry): TypeSignature[] {
  const set = loadSchemaSet(ctx.root, ctx.registry, ctx.protocol);
  return Object.entries(entry.documentTypes)
    .filter(([, t]) => t.autoDetect !== false)
    .map(([type, t]) => {
      const file = set.fileByName(t.schema);
      const schema = getAtPointer(file.schema, fragmentToPointer(t.pointer)) as SchemaObject;
      const sig: TypeSignature = { type, required: [], forbidden: [], consts: {}, kinds: t.fileKinds };
      collect(set, file, schema, sig, 0);
      return sig;
    });
}

function collect(
  set: SchemaSet,
  file: SchemaFile,
  schema: SchemaObject,
  sig: TypeSignature,
  depth: number,
): void {
  if (depth > 8 || typeof schema !== "object" || schema === null) return;
  if (typeof schema.$ref === "string") {
    const r = set.resolve(schema.$ref, file);
    collect(set, r.file, r.schema as SchemaObject, sig, depth + 1);
  }
  if (Array.isArray(schema.required)) sig.required.push(...(schema.required as string[]));
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  for (const [name, p] of Object.entries(props)) {
    if (p === false) sig.forbidden.push(name);
    else if (p !== null && typeof p === "object" && "const" in p)
      sig.consts[name] = (p as { const: unknown }).const;
    else if (p !== null && typeof p === "object" && Array.isArray((p as { enum?: unknown }).enum))
      choose(sig, name, (p as { enum: unknown[] }).enum);
  }
  for (const part of (schema.allOf ?? []) as SchemaObject[]) collect(set, file, part, sig, depth + 1);
  // a union (a message union: request | notification | …) has what every branch has
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const each = (branches as SchemaObject[]).map((b) => {
      const s: TypeSignature = { type: sig.type, required: [], forbidden: [], consts: {} };
      collect(set, file, b, s, depth + 1);
      return s;
    });
    const [first, ...rest] = each as [TypeSignature, ...TypeSignature[]];
    sig.required.push(...first.required.filter((n) => rest.every((s) => s.required.includes(n))));
    sig.forbidden.push(...first.forbidden.filter((n) => rest.every((s) => s.forbidden.includes(n))));
    for (const [k, v] of Object.entries(first.consts))
      if (rest.every((s) => Object.hasOwn(s.consts, k) && same(s.consts[k], v))) sig.consts[k] = v;
    // a member every branch fixes, to differing values: the values it lists (a sign in the tie-break)
    for (const k of allowedKeys(first)) {
      if (Object.hasOwn(sig.consts, k)) continue;
      const values = each.map((s) => allowed(s, k));
      if (values.every((v) => v !== undefined)) choose(sig, k, values.flat());
    }
  }
}

const allowedKeys = (s: TypeSignature) => [...Object.keys(s.consts), ...Object.keys(s.choices ?? {})];
const allowed = (s: TypeSignature, k: string): unknown[] | undefined =>
  Object.hasOwn(s.consts, k) ? [s.consts[k]] : s.choices?.[k];

/** Narrows a member's allowed values (an `allOf` part may narrow what another allowed). */
function choose(sig: TypeSignature, k: string, values: readonly unknown[]): void {
  const before = sig.choices?.[k];
  const kept = values.filter((v, i) => values.findIndex((w) => same(w, v)) === i);
  const narrowed = before === undefined ? kept : kept.filter((v) => before.some((w) => same(w, v)));
  sig.choices = { ...sig.choices, [k]: narrowed };
}

/**
 * What detection decided for one document: the types it fits best (one when decided; several when they
 * fit equally; every type when it fits none), whether those accept any object (`open`: nothing in the
 * document chose them), and whether it has every required property of the one type (`complete`).
 */
export interface Detection {
  types: string[];
  open: boolean;
  complete: boolean;
}

/**
 * Detection among the types of the input's file kind (a YAML document is one of the YAML types); when
 * that does not decide on a type the document fully fits, among every type, if that does, or if it finds
 * a type the document fully fits (an accept-anything one) where the file kind's types had none.
 */
export function detectInKind(
  signatures: readonly TypeSignature[],
  document: unknown,
  kind: string | undefined,
): Detection {
  const own = kind === undefined ? [] : ofKind(signatures, kind);
  if (own.length === 0 || own.length === signatures.length) return detectType(signatures, document);
  const narrow = detectType(own, document);
  if (decided(narrow)) return narrow;
  const wide = detectType(signatures, document);
  return decided(wide) || (wide.complete && !narrow.complete) ? wide : narrow;
}

const decided = (d: Detection) => d.types.length === 1 && d.complete && !d.open;

// per signature list, worked out once: detection runs on every document of a run
const kindsMemo = new WeakMap<readonly TypeSignature[], Map<string, TypeSignature[]>>();
function ofKind(signatures: readonly TypeSignature[], kind: string): TypeSignature[] {
  const byKind = kindsMemo.get(signatures) ?? new Map<string, TypeSignature[]>();
  kindsMemo.set(signatures, byKind);
  const own = byKind.get(kind) ?? signatures.filter((s) => s.kinds?.includes(kind) !== false);
  byKind.set(kind, own);
  return own;
}
const decidedMemo = new WeakMap<TypeSignature, Detection>();
/** The shared, unchanged detection of one type fully fitted (nearly every document). */
function decidedAs(s: TypeSignature): Detection {
  const d = decidedMemo.get(s) ?? Object.freeze({ types: [s.type], open: false, complete: true });
  decidedMemo.set(s, d);
  return d;
}

/**
 * The one type a document can be: types it contradicts (a forbidden property present, a const differing)
 * are out; of the rest, the only one whose required properties are all present; failing that, the only
 * one with the most of its distinctive required properties (required by it, not by every candidate)
 * present and members holding one of the values it lists (`choices`). Types that accept any object count
 * only when no other type has every required property present. Returns the candidates left when that is
 * not a single type.
 */
export function detectType(signatures: readonly TypeSignature[], document: unknown): Detection {
  if (signatures.length === 1) return decidedAs(signatures[0] as TypeSignature);
  const doc = (
    document !== null && typeof document === "object" && !Array.isArray(document) ? document : {}
  ) as Record<string, unknown>;
  const has = (name: string) => Object.hasOwn(doc, name);
  // every document is told apart here, so the common case (one signature complete) allocates little
  const fitting: TypeSignature[] = [];
  const complete: TypeSignature[] = [];
  let open: TypeSignature[] | undefined;
  for (const s of signatures) {
    if (isOpen(s)) {
      open = [...(open ?? []), s];
      continue;
    }
    if (!fits(s, doc)) continue;
    fitting.push(s);
    if (s.required.every(has)) complete.push(s);
  }
  if (complete.length === 1) return decidedAs(complete[0] as TypeSignature);
  if (complete.length === 0 && open !== undefined)
    return { types: open.map((s) => s.type), open: true, complete: true };
  const pool = complete.length > 1 ? complete : fitting;
  const common = (name: string) => pool.every((s) => s.required.includes(name));
  const score = (s: TypeSignature) => s.required.filter((n) => !common(n) && has(n)).length + chosen(s, doc);
  const best = Math.max(0, ...pool.map(score));
  const winners = best === 0 ? pool : pool.filter((s) => score(s) === best);
  return {
    types: (winners.length > 0 ? winners : signatures).map((s) => s.type),
    open: false,
    complete: complete.length > 0,
  };
}

/**
 * The members whose value is one the type lists (a union's `method`s): a sign of the type, never a reason
 * to rule it out, since a wrong value is more often the document's error than another type's sign.
 */
function chosen(s: TypeSignature, doc: Record<string, unknown>): number {
  let n = 0;
  for (const k in s.choices) if (Object.hasOwn(doc, k) && s.choices[k]?.some((v) => same(v, doc[k]))) n++;
  return n;
}

const same = (a: unknown, b: unknown) =>
  a !== null && typeof a === "object" ? JSON.stringify(a) === JSON.stringify(b) : a === b;

/** No forbidden member present, and every fixed member present holds its value. */
function fits(s: TypeSignature, doc: Record<string, unknown>): boolean {
  for (const name of s.forbidden) if (Object.hasOwn(doc, name)) return false;
  for (const k in s.consts) {
    if (!Object.hasOwn(doc, k)) continue;
    if (!same(s.consts[k], doc[k])) return false;
  }
  return true;
}
