/**
 * JSON texts edited as text, so that what a fixture file holds reaches the implementation byte for byte:
 * numbers such as `3.0`, `-0`, `18446744073709551616` and escapes such as `\ud800`, which a parse and
 * `JSON.stringify` would normalise (docs/dialects.md), stay as written.
 */

/** A JSON text on one line, token for token: whitespace outside strings dropped, everything else kept. */
export function oneLine(text: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      out += ch;
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch !== " " && ch !== "\n" && ch !== "\r" && ch !== "\t") out += ch;
  }
  return out;
}

interface Span {
  start: number;
  end: number;
}

const SPACE = " \t\n\r";
const unescapePointer = (s: string) => s.replaceAll("~1", "/").replaceAll("~0", "~");

/** Where the value at `pointer` (RFC 6901) is written in a JSON text, or undefined (absent, or not JSON). */
export function locate(text: string, pointer: string): Span | undefined {
  const want = pointer === "" ? [] : pointer.slice(1).split("/").map(unescapePointer);
  let i = 0;
  const space = () => {
    while (i < text.length && SPACE.includes(text.charAt(i))) i++;
  };
  const string = (): string => {
    const start = i++;
    while (i < text.length && text.charAt(i) !== '"') i += text.charAt(i) === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const on = (path: string[]) => path.length <= want.length && path.every((p, k) => p === want[k]);
  // `path` undefined: a value off the pointer's way, only stepped over
  const value = (path: string[] | undefined): Span | undefined => {
    space();
    const start = i;
    let found: Span | undefined;
    const open = text.charAt(i);
    if (open === "{" || open === "[") {
      i++;
      space();
      const close = open === "{" ? "}" : "]";
      for (let n = 0; text.charAt(i) !== close; n++) {
        if (i >= text.length) throw new Error("unterminated");
        let key = String(n);
        if (open === "{") {
          key = string();
          space();
          i++; // the colon
        }
        const inner = path && on([...path, key]) ? [...path, key] : undefined;
        found = value(inner) ?? found;
        space();
        if (text.charAt(i) === ",") i++;
        space();
      }
      i++;
    } else if (open === '"') string();
    else while (i < text.length && !",]} \t\n\r".includes(text.charAt(i))) i++;
    return path && path.length === want.length ? { start, end: i } : found;
  };
  try {
    return value([]);
  } catch {
    return undefined;
  }
}

/**
 * The text with the member at `pointer` set to `json` (a JSON text): replaced where it is written, else
 * added first in its object. Everything else stays as written. Undefined when the parent is no object.
 */
export function setRaw(text: string, pointer: string, json: string): string | undefined {
  const at = locate(text, pointer);
  if (at) return text.slice(0, at.start) + json + text.slice(at.end);
  const cut = pointer.lastIndexOf("/");
  const parent = locate(text, pointer.slice(0, cut));
  if (!parent || text.charAt(parent.start) !== "{") return undefined;
  const key = JSON.stringify(unescapePointer(pointer.slice(cut + 1)));
  const empty = /^\{\s*\}$/.test(text.slice(parent.start, parent.end));
  const member = `${key}:${json}${empty ? "" : ","}`;
  return text.slice(0, parent.start + 1) + member + text.slice(parent.start + 1);
}

/** `setRaw` for several members, each value written by JSON.stringify; undefined when one cannot be set. */
export function withMembers(text: string, members: Record<string, unknown>): string | undefined {
  let out: string | undefined = text;
  for (const [pointer, value] of Object.entries(members)) {
    if (out === undefined || value === undefined) continue;
    out = setRaw(out, pointer, JSON.stringify(value));
  }
  return out;
}
