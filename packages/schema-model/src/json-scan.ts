/**
 * Where a JSON pointer sits in JSON text, found by scanning the text rather than building a tree: the
 * offset of an object member's key (its last occurrence, as JSON.parse keeps the last) or an array item's
 * value, or the deepest present ancestor's for a pointer into something absent. `undefined` when the text
 * is not the plain JSON this expects; the caller then asks a full parser.
 */
export function scanOffset(text: string, tokens: readonly string[]): number | undefined {
  let at = skipSpace(text, 0);
  if (at >= text.length) return undefined;
  let found = at;
  for (const token of tokens) {
    const c = text.charCodeAt(at);
    const next =
      c === OPEN_BRACE ? member(text, at, token) : c === OPEN_BRACKET ? item(text, at, token) : null;
    if (next === undefined) return undefined;
    if (next === null) break;
    found = next.position;
    at = next.value;
  }
  return found;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

type Step = { position: number; value: number } | null | undefined;

/** The last member named `token` of the object at `at`: its key's offset and its value's; null if none. */
function member(text: string, at: number, token: string): Step {
  let i = skipSpace(text, at + 1);
  let last: Step = null;
  if (text.charCodeAt(i) === CLOSE_BRACE) return null;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const end = stringEnd(text, i);
    if (end === undefined) return undefined;
    const raw = text.slice(i + 1, end - 1);
    const name = raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
    let j = skipSpace(text, end);
    if (text.charCodeAt(j) !== COLON) return undefined;
    j = skipSpace(text, j + 1);
    if (name === token) last = { position: i, value: j };
    const after = valueEnd(text, j);
    if (after === undefined) return undefined;
    i = skipSpace(text, after);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) return last;
    if (c !== COMMA) return undefined;
    i = skipSpace(text, i + 1);
  }
}

/** Item `token` (a canonical array index) of the array at `at`: its value's offset twice; null if none. */
function item(text: string, at: number, token: string): Step {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return null;
  const wanted = Number(token);
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return null;
  for (let index = 0; ; index++) {
    if (index === wanted) return { position: i, value: i };
    const after = valueEnd(text, i);
    if (after === undefined) return undefined;
    i = skipSpace(text, after);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACKET) return null;
    if (c !== COMMA) return undefined;
    i = skipSpace(text, i + 1);
  }
}

/** The offset just past the value starting at `at` (nested values skipped by bracket depth). */
function valueEnd(text: string, at: number): number | undefined {
  const c = text.charCodeAt(at);
  if (c === QUOTE) return stringEnd(text, at);
  if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
    let i = at;
    for (let d = text.charCodeAt(i); i < text.length && !isDelimiter(d); d = text.charCodeAt(++i));
    return i > at ? i : undefined;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === QUOTE) {
      const end = stringEnd(text, i);
      if (end === undefined) return undefined;
      i = end - 1;
    } else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
    else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

/** The offset just past the string whose opening quote is at `at`. */
function stringEnd(text: string, at: number): number | undefined {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return undefined;
}

const isDelimiter = (c: number): boolean =>
  c === COMMA ||
  c === CLOSE_BRACE ||
  c === CLOSE_BRACKET ||
  c === 0x20 ||
  c === 0x09 ||
  c === 0x0a ||
  c === 0x0d;

function skipSpace(text: string, at: number): number {
  let i = at;
  for (
    let c = text.charCodeAt(i);
    c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
    c = text.charCodeAt(++i)
  );
  return i;
}
