import { getAtPointer, type SchemaFile, type SchemaObject, type SchemaSet } from "@keel/schema-model";
import { isAnnotation } from "../diff/annotations.js";
import type { CompatFinding, Party } from "../types.js";
import type { Generate } from "./candidates.js";
import { fileNamed, type Node, routeTo } from "./place.js";
import { schemaPrefixes } from "./pointers.js";
import { pointerFor } from "./probe.js";

const record = (v: unknown): v is SchemaObject => v !== null && typeof v === "object" && !Array.isArray(v);

/** The schema a node holds, through its `$ref`s. */
function held(set: SchemaSet, n: Node): unknown {
  let s = getAtPointer(n.file.schema, n.pointer);
  let file = n.file;
  for (let i = 0; i < 8 && record(s) && typeof s.$ref === "string"; i++) {
    try {
      const r = set.resolve(s.$ref, file);
      s = r.schema;
      file = r.file;
    } catch {
      return undefined;
    }
  }
  return s;
}

/**
 * The alternative beside `to` (an `anyOf` alternative of `from`) that accepts every value reaching it, when
 * there is one: `{}` (or only annotations), or `{type: T}` alone where `from` itself demands `type: T`.
 * Such an `anyOf` passes whatever `to` refuses, so nothing inside `to` decides a document's verdict.
 */
function catchAllBeside(set: SchemaSet, from: Node, to: Node): string | undefined {
  if (from.file !== to.file || !to.pointer.startsWith(`${from.pointer}/anyOf/`)) return undefined;
  const i = Number(to.pointer.slice(from.pointer.length + "/anyOf/".length));
  const owner = getAtPointer(from.file.schema, from.pointer);
  if (!record(owner) || !Array.isArray(owner.anyOf) || !Number.isInteger(i)) return undefined;
  for (let j = 0; j < owner.anyOf.length; j++) {
    if (j === i) continue;
    const s = held(set, { file: from.file, pointer: `${from.pointer}/anyOf/${j}` });
    const keys = s === true ? [] : record(s) ? Object.keys(s).filter((k) => !isAnnotation(k)) : undefined;
    if (keys === undefined) continue;
    const t = record(s) ? s.type : undefined;
    if (keys.length === 0) return `${from.pointer}/anyOf/${j}`;
    if (keys.length === 1 && typeof t === "string" && owner.type === t) return `${from.pointer}/anyOf/${j}`;
  }
  return undefined;
}

/**
 * Why no whole document can show a change at `target`, when that can be proved: every route from the
 * document roots to it passes an `anyOf` alternative beside one that accepts every value (so the `anyOf`
 * accepts whatever `target` refuses). Undefined when some route is open, or none reaches it at all.
 */
export function shielded(set: SchemaSet, gen: Generate, roots: Node[], target: Node): string | undefined {
  const shields = new Set<string>();
  let reached = false;
  for (const root of roots) {
    const searched = { all: false };
    const avoid = (from: Node, to: Node) => {
      const s = catchAllBeside(set, from, to);
      if (s !== undefined) shields.add(`${to.pointer} (beside ${s})`);
      return s !== undefined;
    };
    if (routeTo(set, gen, root, target, 20_000, avoid, searched) !== undefined || !searched.all)
      return undefined;
    reached ||= routeTo(set, gen, root, target) !== undefined;
  }
  // a place no route reaches at all is not claimed here: the routes follow members, items, branches and
  // $refs only (a dependentSchemas route would be missed)
  if (!reached || shields.size === 0) return undefined;
  return `every route from a document root to ${target.pointer || "/"} passes an anyOf alternative beside one that accepts every value there: ${[...shields].slice(0, 3).join(", ")}; the anyOf accepts whatever this place refuses`;
}

/** What a proof needs of a witness search: both versions, the generator and the document roots. */
export interface ProofContext {
  gen: Generate;
  older: SchemaSet;
  newer: SchemaSet;
  roots: Array<{ file: string; pointer: string }>;
}

/**
 * A proof that no whole document shows the finding, for every reader it claims (see shield.ts): the
 * reason, or undefined. Reached only when the search found no witness.
 */
export function shieldedFor(
  ctx: ProofContext,
  f: CompatFinding,
  nf: SchemaFile,
  of: SchemaFile,
  claims: Party[],
): string | undefined {
  let reason: string | undefined;
  for (const p of claims) {
    const side = p === "newReader" ? ctx.newer : ctx.older;
    const other = p === "newReader" ? ctx.older : ctx.newer;
    const file = p === "newReader" ? nf : of;
    const place = schemaPrefixes(pointerFor(f, p)).filter((q) => getAtPointer(file.schema, q) !== undefined);
    const target = { file, pointer: place.at(-1) ?? "" };
    const roots = ctx.roots.flatMap((r) => {
      const rf = fileNamed(side, r.file, other);
      return rf === undefined ? [] : [{ file: rf, pointer: r.pointer }];
    });
    reason = shielded(side, ctx.gen, roots, target);
    if (reason === undefined) return undefined;
  }
  return reason;
}
