import { parse as parseJsonAst } from "@humanwhocodes/momoa";
import type { SourcePosition } from "./source-position.js";

/** A key an object repeats: the pointer of the object member, where the repeat sits, the first one's line. */
export interface DuplicateKey {
  pointer: string;
  key: string;
  at: SourcePosition;
  first: SourcePosition;
}

interface Node {
  type: string;
  members?: { name: { value: string; loc: { start: SourcePosition } }; value: Node }[];
  elements?: { value: Node }[];
}

/**
 * The keys `text` repeats inside one object (JSON.parse keeps the last silently; other parsers keep the
 * first or refuse). `value` is what JSON.parse made of `text`: the keys written are counted against the
 * keys it kept, and only when they differ is the text parsed again (momoa) to place each repeat.
 */
export function duplicateKeys(text: string, value: unknown): DuplicateKey[] {
  const kept = keysKept(value);
  if (colons(text) === kept || quoteColons(text) === kept || keysWritten(text) === kept) return [];
  let root: Node;
  try {
    root = (parseJsonAst(text, { mode: "json" }) as unknown as { body: Node }).body;
  } catch {
    return []; // JSON.parse read it; momoa refusing (too deep) leaves nothing to place
  }
  const out: DuplicateKey[] = [];
  walk(root, "", out);
  return out;
}

/**
 * The quickest count that is never below the keys written: every key is followed by one colon outside a
 * string, and a colon inside one only adds. The keys written are never below the keys kept, so a count equal
 * to the keys kept settles that nothing repeats (most documents: no colon in any string).
 */
function colons(text: string): number {
  let n = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) n += 1;
  return n;
}

/**
 * The next quickest, for text with colons in its strings (times, URLs): never below the keys written when
 * no quote is followed by whitespace and a colon, as every key then ends `":`; -1 otherwise.
 */
function quoteColons(text: string): number {
  if (SPACED_COLON.test(text)) return -1;
  let n = 0;
  for (let i = text.indexOf('":'); i !== -1; i = text.indexOf('":', i + 2)) n += 1;
  return n;
}

const SPACED_COLON = /"[ \t\r\n]+:/;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;

/** Strings followed by a colon, skipping each string whole (a colon or quote inside one never counts). */
function keysWritten(text: string): number {
  let n = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    let end = text.indexOf('"', i + 1);
    // a quote preceded by an odd run of backslashes is escaped
    while (end !== -1 && text.charCodeAt(end - 1) === BACKSLASH && escaped(text, end))
      end = text.indexOf('"', end + 1);
    if (end === -1) return n;
    let next = end + 1;
    let c = text.charCodeAt(next);
    while (isSpace(c)) c = text.charCodeAt(++next);
    if (c === COLON) n += 1;
    i = text.indexOf('"', next);
  }
  return n;
}

const BACKSLASH = 0x5c;
const COLON = 0x3a;

function escaped(text: string, at: number): boolean {
  let slashes = 0;
  for (let j = at - 1; text.charCodeAt(j) === BACKSLASH; j -= 1) slashes += 1;
  return slashes % 2 === 1;
}

function keysKept(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let n = 0;
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) n += keysKept(value[i]);
  else
    for (const key in value)
      if (Object.hasOwn(value, key)) n += 1 + keysKept((value as Record<string, unknown>)[key]);
  return n;
}

function walk(node: Node, pointer: string, out: DuplicateKey[]): void {
  if (node.type === "Object") {
    const seen = new Map<string, SourcePosition>();
    for (const m of node.members ?? []) {
      const first = seen.get(m.name.value);
      const here = `${pointer}/${m.name.value.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      const at = { line: m.name.loc.start.line, column: m.name.loc.start.column };
      if (first === undefined) seen.set(m.name.value, at);
      else out.push({ pointer: here, key: m.name.value, at, first });
      walk(m.value, here, out);
    }
  } else if (node.type === "Array") {
    for (const [i, e] of (node.elements ?? []).entries()) walk(e.value, `${pointer}/${i}`, out);
  }
}
