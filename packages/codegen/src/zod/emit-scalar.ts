import type { SchemaObject } from "@keel/schema-model";
import { type EmitContext, type Location, where } from "./context.js";
import { type FormatCheck, formatCheck } from "./formats.js";

/**
 * `z.string()` with JSON Schema's string keywords: lengths in code points (zod's `.min`/`.max` count
 * UTF-16 units), `pattern` compiled with the `u` flag as ajv does, formats as ajv-formats checks them.
 */
export function emitString(e: EmitContext, s: SchemaObject, at: Location): string {
  let code = "z.string()";
  if (typeof s.minLength === "number" && s.minLength > 0) {
    e.helpers.add("minChars");
    code += `.check(minChars(${s.minLength}))`;
  }
  if (typeof s.maxLength === "number") {
    e.helpers.add("maxChars");
    code += `.check(maxChars(${s.maxLength}))`;
  }
  if (typeof s.pattern === "string") {
    code += `.regex(${e.regex(s.pattern, at)})`;
  }
  return code + formatChecks(e, s, at, "string");
}

/** The `format` check for values of `family` (ajv-formats' number formats judge only numbers, the rest only strings). */
function formatChecks(e: EmitContext, s: SchemaObject, at: Location, family: FormatCheck["family"]): string {
  if (typeof s.format !== "string") return "";
  const format = formatCheck(s.format);
  // assertSupported (supported.ts) refuses unknown formats, located, before anything is emitted
  if (format === undefined) throw new Error(`unsupported format ${s.format} at ${where(at)}`);
  if (format.family !== family) return "";
  if (format.helper !== undefined) e.helpers.add(format.helper);
  const message = `expected ${format.what} (format ${s.format})`;
  return e.check({ keyword: "format", message, test: format.test }, family);
}

/** `z.number()` with the numeric keywords; integers checked as ajv does (any whole number, not zod's safe range). */
export function emitNumber(e: EmitContext, s: SchemaObject, at: Location, integer: boolean): string {
  let code = "z.number()";
  if (integer) {
    e.helpers.add("integer");
    code += ".check(integer)";
  }
  const bound = (keyword: string, method: string) => {
    const limit = s[keyword];
    if (typeof limit === "number") code += `.${method}(${JSON.stringify(limit)})`;
  };
  bound("minimum", "gte");
  bound("exclusiveMinimum", "gt");
  bound("maximum", "lte");
  bound("exclusiveMaximum", "lt");
  if (typeof s.multipleOf === "number") {
    e.helpers.add("isMultipleOf");
    const message = `expected a multiple of ${s.multipleOf}`;
    code += e.check({ keyword: "multipleOf", message, test: `isMultipleOf(v, ${s.multipleOf})` }, "number");
  }
  return code + formatChecks(e, s, at, "number");
}

/**
 * A JSON Schema `pattern` as a regular expression literal with the `u` flag, as ajv compiles it; control
 * characters written as escapes.
 */
export function regexLiteral(pattern: string, at: Location): string {
  let source: string;
  try {
    source = new RegExp(pattern, "u").source;
  } catch (error) {
    throw new Error(
      `pattern ${pattern} does not compile with the u flag (${at.file.name}#${at.pointer}): ${error}`,
    );
  }
  const escaped = [...source].map((c) => (isControl(c) ? `\\u${hex4(c)}` : c)).join("");
  return `/${escaped}/u`;
}

/** Whether a literal matches C0 control characters by escape (Biome's noControlCharactersInRegex flags it). */
export const mentionsControlCharacters = (literal: string): boolean =>
  /\\(x[01][0-9a-f]|u00[01][0-9a-f]|u\{0*1?[0-9a-f]\})/i.test(literal);

const isControl = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
};
const hex4 = (c: string): string => c.charCodeAt(0).toString(16).padStart(4, "0");
