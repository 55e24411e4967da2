import { parse as parseJsonAst } from "@humanwhocodes/momoa";
import { scanOffset } from "./json-scan.js";
import { splitPointer } from "./pointer.js";

/** A 1-based line and column in source text (UTF-16 columns, as editors show them). */
export interface SourcePosition {
  line: number;
  column: number;
}

interface AstNode {
  type: string;
  loc: { start: SourcePosition };
  members?: { name: AstNode & { value: string }; value: AstNode; loc: { start: SourcePosition } }[];
  elements?: { value: AstNode }[];
}

/**
 * Where each JSON pointer sits in `text`: an object member's key, an array item's value. A pointer into
 * something absent (a missing required property) lands on its deepest present ancestor. Only called when
 * there are findings, so valid documents never pay for it. Found by scanning the text (json-scan.ts); text
 * whose lines a scan could count differently from momoa (CR, U+2028/9) or that it does not take is parsed
 * with momoa; text momoa cannot parse (too deep, invalid) maps every pointer to the start of the text.
 */
export function locatePointers(text: string, pointers: readonly string[]): Map<string, SourcePosition> {
  const out = new Map<string, SourcePosition>();
  const scannable = !/[\r\u2028\u2029]/.test(text);
  let root: AstNode | undefined | null = null;
  for (const pointer of pointers) {
    if (out.has(pointer)) continue;
    const offset = scannable ? scanOffset(text, safeSplit(pointer)) : undefined;
    if (offset !== undefined) {
      out.set(pointer, positionAt(text, offset));
      continue;
    }
    if (root === null) root = parseAst(text);
    out.set(pointer, root === undefined ? { line: 1, column: 1 } : positionOf(root, pointer));
  }
  return out;
}

function parseAst(text: string): AstNode | undefined {
  try {
    return (parseJsonAst(text, { mode: "json" }) as unknown as { body: AstNode }).body;
  } catch {
    return undefined;
  }
}

/** The 1-based line and UTF-16 column of an offset in text whose only line break is LF. */
function positionAt(text: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function positionOf(root: AstNode, pointer: string): SourcePosition {
  let node = root;
  let at = root.loc.start;
  for (const token of safeSplit(pointer)) {
    if (node.type === "Object") {
      // the last duplicate key wins, as with JSON.parse
      const member = node.members?.findLast((m) => m.name.value === token);
      if (member === undefined) break;
      node = member.value;
      at = member.loc.start;
    } else if (node.type === "Array" && /^(0|[1-9][0-9]*)$/.test(token)) {
      const element = node.elements?.[Number(token)];
      if (element === undefined) break;
      node = element.value;
      at = element.value.loc.start;
    } else break;
  }
  return { line: at.line, column: at.column };
}

function safeSplit(pointer: string): string[] {
  try {
    return splitPointer(pointer);
  } catch {
    return [];
  }
}
