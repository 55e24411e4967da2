/** The one error object every first-error validator pushes (fastAjvModule declares it in their scope). */
export const EMPTY_ERROR = "emptyError";

/**
 * In the first-error validators only the verdict is used, so every error object ajv would build (also on
 * the success path: a failed `anyOf` branch or a passing `not` builds one and drops it) is replaced by one
 * shared empty object, `emptyError`, which allocates nothing per error; ajv itself emits `{}` where it wants
 * no errors (`createErrors: false` under `not`). The code around them only counts errors, never reads them.
 */
export function emptyErrorObjects(code: string): string {
  let out = "";
  let from = 0;
  const literal = /(?:const err\d+ = |\.errors = \[)\{instancePath[,:]/g;
  for (;;) {
    const match = literal.exec(code);
    if (match === null)
      return (out + code.slice(from)).replace(/(const err\d+ = )\{\};/g, `$1${EMPTY_ERROR};`);
    const start = code.indexOf("{", match.index);
    const end = closingBrace(code, start);
    literal.lastIndex = end;
    out += `${code.slice(from, start)}${EMPTY_ERROR}`;
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
