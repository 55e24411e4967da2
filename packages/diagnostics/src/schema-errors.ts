import { schemaKeywordCode } from "./catalogue.js";
import type { Finding } from "./finding.js";
import { jsonType } from "./json-type.js";
import { escapeToken, unescapeToken } from "./pointer.js";
import { show } from "./show.js";

/** The fields keel reads from a JSON Schema validator's error (ajv's ErrorObject has them all). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown> | object;
  message?: string;
  data?: unknown;
  /** the keyword's value (ajv `verbose`): for `not`, the subschema that must not match */
  schema?: unknown;
}

/**
 * A validator's errors as keel findings. Plain translation for now: one finding per error, the code named after
 * the keyword, the message saying what the schema expected and what the document holds there.
 */
export function schemaErrorsToFindings(
  errors: readonly SchemaError[] | null | undefined,
  document?: unknown,
): Finding[] {
  return (errors ?? []).map((e) => ({
    code: schemaKeywordCode(e.keyword),
    severity: "error",
    // a validator that is not verbose leaves `data` out: the value is read from the document instead
    message: describe(
      e.data === undefined && document !== undefined ? { ...e, data: valueAt(document, e.instancePath) } : e,
    ),
    pointer: pointerOf(e),
  }));
}

/** The value at a JSON Pointer (undefined when there is none). */
function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** For missing and unknown properties, point at the property itself rather than its parent. */
function pointerOf(e: SchemaError): string {
  const p = e.params as Record<string, unknown>;
  const name =
    e.keyword === "required"
      ? p.missingProperty
      : e.keyword === "additionalProperties"
        ? p.additionalProperty
        : undefined;
  return typeof name === "string" ? `${e.instancePath}/${escapeToken(name)}` : e.instancePath;
}

function describe(e: SchemaError): string {
  const where = e.instancePath === "" ? "the document" : e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `expected required property "${p.missingProperty}" in ${where}, found it missing`;
    case "additionalProperties":
      return `expected no property "${p.additionalProperty}" in ${where} (the object is closed), found one`;
    case "enum":
      return `expected ${where} to be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, found ${shown(e.data)}`;
    case "const":
      return `expected ${where} to be ${JSON.stringify(p.allowedValue)}, found ${shown(e.data)}`;
    case "type":
      return `expected ${where} to be of type ${p.type}, found ${kindOf(e.data)}`;
    case "maxLength":
      return `expected ${where} to have at most ${p.limit} characters, found ${codePoints(String(e.data))}`;
    case "minLength":
      return `expected ${where} to have at least ${p.limit} characters, found ${codePoints(String(e.data))}`;
    case "false schema":
      return e.instancePath === ""
        ? `expected no document here, found ${shown(e.data)}`
        : `expected ${unescapeToken(e.instancePath.split("/").pop() ?? "")} to be absent here (at ${e.instancePath}), found ${shown(e.data)}`;
    case "not":
      return `expected ${where} not to be ${forbidden(e.schema)}, found ${shown(e.data)}`;
    default:
      return `expected ${where} to satisfy ${e.keyword} (${e.message ?? "no detail"}), found ${shown(e.data)}`;
  }
}

/** What a `not` subschema forbids, in words ("a string matching /^<.*>$/", "null"); its schema otherwise. */
function forbidden(schema: unknown, depth = 0): string {
  if (schema === null || typeof schema !== "object" || depth > 3) return "what its subschema describes";
  const s = schema as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(s.anyOf)) parts.push(s.anyOf.map((b) => forbidden(b, depth + 1)).join(" or "));
  if (s.type === "null") parts.push("null");
  else if (typeof s.type === "string") parts.push(`a${/^[aeiou]/.test(s.type) ? "n" : ""} ${s.type}`);
  if (typeof s.pattern === "string") parts.push(`matching /${s.pattern}/`);
  if ("const" in s) parts.push(JSON.stringify(s.const));
  if (Array.isArray(s.enum)) parts.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (Array.isArray(s.required)) parts.push(`an object with ${s.required.map((r) => `"${r}"`).join(", ")}`);
  return parts.length > 0 ? parts.join(" ") : `what ${JSON.stringify(schema).slice(0, 60)} describes`;
}

/** Characters as JSON Schema counts them (code points), without copying a possibly huge string. */
function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n -= 1;
        i += 1;
      }
    }
  }
  return n;
}

// JSON.parse reads 1e400 as Infinity, which JSON.stringify writes as null
const OUT_OF_RANGE = "a number too large to represent (read as Infinity)";
const outOfRange = (value: unknown): value is number => typeof value === "number" && !Number.isFinite(value);
const kindOf = (value: unknown): string => (outOfRange(value) ? OUT_OF_RANGE : jsonType(value));
const shown = (value: unknown): string => (outOfRange(value) ? OUT_OF_RANGE : show(value));

/** What every generated `validate<Type>` returns. */
export interface ValidationResult {
  valid: boolean;
  findings: Finding[];
}

/** A compiled validator in ajv's calling convention: returns a boolean, leaves its errors on itself. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: readonly SchemaError[] | null;
}

export function runValidator(validate: SchemaValidator, document: unknown): ValidationResult {
  const valid = validate(document);
  return { valid, findings: valid ? [] : schemaErrorsToFindings(validate.errors, document) };
}
