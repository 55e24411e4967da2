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
}

/** The signature of every auto-detectable document type of a protocol (registry `autoDetect` ≠ false). */
export function typeSignatures(ctx: ProtocolContext, entry: ProtocolEntry): TypeSignature[] {
  const set = loadSchemaSet(ctx.root, ctx.registry, ctx.protocol);
  return Object.entries(entry.documentTypes)
    .filter(([, t]) => t.autoDetect !== false)
    .map(([type, t]) => {
      const file = set.fileByName(t.schema);
      const schema = getAtPointer(file.schema, fragmentToPointer(t.pointer)) as SchemaObject;
      const sig: TypeSignature = { type, required: [], forbidden: [], consts: {} };
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
  }
  for (const part of (schema.allOf ?? []) as SchemaObject[]) collect(set, file, part, sig, depth + 1);
}

/**
 * The one type a document can be: types it contradicts (a forbidden property present, a const differing)
 * are out; of the rest, the only one whose required properties are all present; failing that, the only
 * one with the most of its distinctive required properties (required by it, not by every candidate)
 * present. Returns the candidates left when that is not a single type.
 */
export function detectType(signatures: readonly TypeSignature[], document: unknown): string | string[] {
  if (signatures.length === 1) return (signatures[0] as TypeSignature).type;
  const doc = (
    document !== null && typeof document === "object" && !Array.isArray(document) ? document : {}
  ) as Record<string, unknown>;
  const has = (name: string) => Object.hasOwn(doc, name);
  // every document is told apart here, so the common case (one signature complete) allocates little
  const open: TypeSignature[] = [];
  const complete: TypeSignature[] = [];
  for (const s of signatures) {
    if (!fits(s, doc)) continue;
    open.push(s);
    if (s.required.every(has)) complete.push(s);
  }
  if (complete.length === 1) return (complete[0] as TypeSignature).type;
  const pool = complete.length > 1 ? complete : open;
  const common = (name: string) => pool.every((s) => s.required.includes(name));
  const score = (s: TypeSignature) => s.required.filter((n) => !common(n) && has(n)).length;
  const best = Math.max(0, ...pool.map(score));
  const winners = best === 0 ? pool : pool.filter((s) => score(s) === best);
  return winners.length === 1
    ? (winners[0] as TypeSignature).type
    : (winners.length > 0 ? winners : signatures).map((s) => s.type);
}

/** No forbidden member present, and every fixed member present holds its value. */
function fits(s: TypeSignature, doc: Record<string, unknown>): boolean {
  for (const name of s.forbidden) if (Object.hasOwn(doc, name)) return false;
  for (const k in s.consts) {
    if (!Object.hasOwn(doc, k)) continue;
    const want = s.consts[k];
    const got = doc[k];
    if (
      want !== null && typeof want === "object" ? JSON.stringify(got) !== JSON.stringify(want) : got !== want
    )
      return false;
  }
  return true;
}
