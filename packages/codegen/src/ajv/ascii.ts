/**
 * Every non-ASCII UTF-16 unit of generated code as a `\uXXXX` escape. ajv prints schema text (descriptions,
 * patterns, enum values) with JSON.stringify, so such characters sit only inside string literals, where the
 * escape means the same character. One of them in a 1 MB module makes Node decode it on the slow path and
 * V8 hold and scan it as a two-byte string; all ASCII, it loads faster.
 */
export function asciiOnly(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
