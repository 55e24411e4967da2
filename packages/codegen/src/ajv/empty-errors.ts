/**
 * In the first-error validators only the verdict is used, so every error object ajv would build (also on
 * the success path: a failed `anyOf` branch builds one before the next branch passes) is replaced by `{}`,
 * which is what ajv itself emits where it wants no errors (`createErrors: false` under `not`). The code
 * around them only counts errors, never reads them.
 */
export function emptyErrorObjects(code: string): string {
  let out = "";
  let from = 0;
  const literal = /(?:const err\d+ = |\.errors = \[)\{instancePath[,:]/g;
  for (;;) {
    const match = literal.exec(code);
    if (match === null) return out + code.slice(from);
    const start = code.indexOf("{", match.index);
    const end = closingBrace(code, start);
    literal.lastIndex = end;
    out += `${code.slice(from, start)}{}`;
    from = end + 1;
  }
}

/** The index of the `}` closing the `{` at `open`, skipping string literals. */
function closingBrace(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'") {
      for (i++; code[i] !== c; i++) if (code[i] === "\\") i++;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  throw new Error(`ajv error object at ${open}: no closing brace`);
}
