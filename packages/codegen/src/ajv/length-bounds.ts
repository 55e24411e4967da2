/**
 * ajv checks `maxLength`/`minLength` by counting code points (`ucs2length(s) > max`), which walks the whole
 * string. The UTF-16 length often decides the bound already: a string of at most `max` code units has at most
 * `max` code points, and one of at least `2 * min` code units has at least `min` code points. This rewrites
 * ajv's standalone comparisons to test `.length` first and count only when it cannot decide; the condition,
 * and so every verdict and error object, is unchanged.
 */
export function guardLengthChecks(code: string): string {
  const fn = /const (\w+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;/.exec(code)?.[1];
  if (fn === undefined) return code;
  let rewritten = 0;
  const out = code.replace(
    new RegExp(`\\b${fn}\\((\\w+)\\) ([<>]) (\\d+)\\)`, "g"),
    (_, data: string, op: string, bound: string) => {
      rewritten++;
      const n = Number(bound);
      return op === ">"
        ? `${data}.length > ${n} && ${fn}(${data}) > ${n})`
        : `${data}.length < ${2 * n} && ${fn}(${data}) < ${n})`;
    },
  );
  // every call site must have been rewritten: an unknown shape would silently keep the slow path
  const calls = code.split(`${fn}(`).length - 1;
  if (calls !== rewritten) {
    throw new Error(`ajv length check: rewrote ${rewritten} of ${calls} ${fn}() calls; unknown code shape`);
  }
  return out;
}
