import type { Node } from "yaml";
import { lazyRequire } from "./lazy-require.js";
import { splitPointer } from "./pointer.js";
import type { SourcePosition } from "./source-position.js";

const yaml = lazyRequire<typeof import("yaml")>("yaml");

/**
 * YAML's counterpart of `locatePointers`: where each JSON pointer sits in YAML text (a mapping entry's
 * key, a sequence item's value; a missing member lands on its deepest present ancestor). Text the parser
 * cannot read maps every pointer to the start.
 */
export function locateYamlPointers(text: string, pointers: readonly string[]): Map<string, SourcePosition> {
  const { LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const root = doc.errors.length > 0 ? undefined : (doc.contents as Node | null);
  const start = root?.range?.[0] ?? 0;
  const out = new Map<string, SourcePosition>();
  for (const pointer of pointers) {
    if (out.has(pointer)) continue;
    const offset = root === undefined || root === null ? start : offsetOf(root, pointer);
    const { line, col } = root === undefined ? { line: 1, col: 1 } : lines.linePos(offset);
    out.set(pointer, { line, column: col });
  }
  return out;
}

function offsetOf(root: Node, pointer: string): number {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: unknown = root;
  let at = root.range?.[0] ?? 0;
  let tokens: string[];
  try {
    tokens = splitPointer(pointer);
  } catch {
    tokens = [];
  }
  for (const token of tokens) {
    if (isMap(node)) {
      // the last duplicate key wins, as when the document was read
      const pair = node.items.findLast((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === token);
      if (pair === undefined) break;
      at = (pair.key as Node).range?.[0] ?? at;
      node = pair.value;
    } else if (isSeq(node) && /^(0|[1-9][0-9]*)$/.test(token)) {
      const item = node.items[Number(token)] as Node | undefined;
      if (item === undefined) break;
      at = item.range?.[0] ?? at;
      node = item;
    } else break;
  }
  return at;
}
