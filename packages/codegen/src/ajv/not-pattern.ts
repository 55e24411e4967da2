import type { SchemaObject } from "@keel/schema-model";

/**
 * `{type: "string", pattern: Q, not: {pattern: P}}` → `{type: "string", pattern: "^(?!…P…)…Q…"}`, in place:
 * a string passes both exactly when the joined regex finds a match (the lookahead at position 0 says P
 * matches nowhere, then Q is searched for as ajv searches). A non-string fails `type` either way. Left
 * alone: another keyword beside `pattern` under `not`, patterns with back-references or named groups
 * (their numbering or names could clash), and a node that is not a string-only schema.
 */
export function foldNotPattern(node: SchemaObject): void {
  const not = node.not as SchemaObject | undefined;
  if (node.type !== "string" || typeof not !== "object" || not === null) return;
  if (Object.keys(not).length !== 1 || typeof not.pattern !== "string") return;
  const own = node.pattern;
  if (own !== undefined && typeof own !== "string") return;
  if (![not.pattern, own ?? ""].every(plain)) return;
  node.pattern = `^(?!${search(not.pattern)})${own === undefined ? "" : search(own)}`;
  delete node.not;
}

const plain = (pattern: string) => !/\\[1-9]|\\k<|\(\?</.test(pattern);

/** A pattern searched for from position 0: as written when it is anchored there as a whole. */
const search = (pattern: string) =>
  pattern.startsWith("^") && !topLevelAlternative(pattern) ? `(?:${pattern})` : `[\\s\\S]*?(?:${pattern})`;

/** Whether a `|` outside every group and class splits the pattern (`^a|b` is anchored in its first half only). */
function topLevelAlternative(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}
