/** RFC 6901 JSON Pointers: "" is the whole document, "/a/0/b~1c" walks a → 0 → "b/c". */

import { escapeToken, unescapeToken } from "@keel/diagnostics";

// the token escaping is diagnostics' (every package may import it); schema-model re-exports it beside the pointer helpers
export { escapeToken, unescapeToken };

export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  return base + tokens.map((t) => `/${escapeToken(t)}`).join("");
}

export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON pointer: "${pointer}"`);
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** The value at `pointer`, or undefined when any step is missing. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const token of splitPointer(pointer)) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** "#/$defs/A%20B" → "/$defs/A B" (URI fragments percent-encode). */
export function fragmentToPointer(fragment: string): string {
  return decodeURIComponent(fragment.replace(/^#/, ""));
}
