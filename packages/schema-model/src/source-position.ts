import { parse as parseJsonAst } from "@humanwhocodes/momoa";
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
 * there are findings, so valid documents never pay for the located parse; text momoa cannot parse (too
 * deep, invalid) maps every pointer to the start of the text.
 */
export function locatePointers(text: string, pointers: readonly string[]): Map<string, SourcePosition> {
  const out = new Map<string, SourcePosition>();
  let root: AstNode | undefined;
  try {
    root = (parseJsonAst(text, { mode: "json" }) as unknown as { body: AstNode }).body;
  } catch {
    root = undefined;
  }
  for (const pointer of pointers) {
    if (out.has(pointer)) continue;
    out.set(pointer, root === undefined ? { line: 1, column: 1 } : positionOf(root, pointer));
  }
  return out;
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
