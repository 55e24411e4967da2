import type { Finding } from "@keel/diagnostics";
import { schemaErrorsToFindings } from "@keel/diagnostics";
import type { ErrorObject } from "./reduce-errors.js";

/**
 * What a pattern means, for the patterns of keel's schemas that a person cannot be expected to read. A
 * pattern missing here is quoted as it is.
 */
const PATTERNS: Readonly<Record<string, string>> = {
  "^(?!/|[A-Za-z]:[\\\\/]|~)": "a relative path (not starting with /, ~ or a drive letter)",
  "^sha256:[0-9a-f]{64}$": '"sha256:" followed by 64 lowercase hex digits',
  "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$": "a UUID in lowercase hex",
  "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$": "a UUID in lowercase hex",
  "\\S": "text that is not only white space",
  "^\\S+$": "one word without white space",
};

/** What a format means, with an example of it. */
const FORMATS: Readonly<Record<string, string>> = {
  "date-time": "a date-time (RFC 3339, e.g. 2026-08-01T10:15:00Z)",
  date: "a date (RFC 3339, e.g. 2026-08-01)",
  uri: "an absolute URI (e.g. https://example.com/x)",
  uuid: "a UUID",
  email: "an email address",
};

/** Keywords a pattern or format already says more precisely than a length does. */
const LENGTHS = new Set(["minLength", "maxLength"]);

/**
 * Reduced schema errors as findings, one per location and cause: a length beside a pattern or format at the same place left out (the pattern says it), a known
 * pattern in words, a union both of whose forms fit named by what makes them exclusive, an unknown property
 * one edit away from a known one given a "did you mean", and the hint the reduction gave a union's branch.
 */
export function explainErrors(errors: readonly ErrorObject[], document: unknown): Finding[] {
  const shaped = withoutLengths(errors);
  const findings = schemaErrorsToFindings(shaped, document);
  return findings.map((f, i) => refine(f, shaped[i]));
}

function withoutLengths(errors: readonly ErrorObject[]): ErrorObject[] {
  const precise = new Set(
    errors.filter((e) => e.keyword === "pattern" || e.keyword === "format").map((e) => e.instancePath),
  );
  return errors.filter((e) => !(LENGTHS.has(e.keyword) && precise.has(e.instancePath)));
}

function refine(f: Finding, e: ErrorObject | undefined): Finding {
  if (e === undefined) return f;
  const where = e.instancePath === "" ? "the document" : e.instancePath;
  const p = e.params as Record<string, unknown>;
  let out = f;
  if (e.keyword === "pattern" && typeof p.pattern === "string" && Object.hasOwn(PATTERNS, p.pattern)) {
    out = {
      ...f,
      message: `expected ${where} to be ${PATTERNS[p.pattern]}, found ${JSON.stringify(e.data)}`,
    };
  } else if (e.keyword === "format" && typeof p.format === "string" && Object.hasOwn(FORMATS, p.format)) {
    out = { ...f, message: `expected ${where} to be ${FORMATS[p.format]}, found ${JSON.stringify(e.data)}` };
  } else if ((e.keyword === "minItems" || e.keyword === "maxItems") && typeof p.limit === "number") {
    const n = Array.isArray(e.data) ? e.data.length : 0;
    const items = (k: number) => `${k} item${k === 1 ? "" : "s"}`;
    out = {
      ...f,
      message: `expected ${where} to have at ${e.keyword === "minItems" ? "least" : "most"} ${items(p.limit)}, found ${n === 0 ? "none" : items(n)}`,
    };
  } else if (e.keyword === "oneOf" && Array.isArray(p.passingSchemas)) {
    const both = exclusive(e, p.passingSchemas as number[]);
    if (both !== undefined)
      out = {
        ...f,
        message: `expected ${where} to have exactly one of ${both.map((n) => `"${n}"`).join(", ")}, found ${both.length === 2 ? "both" : "several"}`,
      };
  } else if (e.keyword === "additionalProperties" && typeof p.additionalProperty === "string") {
    const near = nearest(p.additionalProperty, known(e.parentSchema));
    if (near !== undefined) out = { ...f, hint: `did you mean "${near}"?` };
  }
  return e.hint === undefined
    ? out
    : { ...out, hint: out.hint === undefined ? e.hint : `${out.hint} ${e.hint}` };
}

/** The property each passing branch requires alone (Mira's `result` / `error`), when that is what tells them apart. */
function exclusive(e: ErrorObject, passing: readonly number[]): string[] | undefined {
  const branches = (e.parentSchema as { oneOf?: unknown } | undefined)?.oneOf;
  if (!Array.isArray(branches)) return undefined;
  const names = passing.map((i) => {
    const required = (branches[i] as { required?: unknown } | undefined)?.required;
    return Array.isArray(required) && required.length === 1 ? String(required[0]) : undefined;
  });
  return names.every((n) => n !== undefined) && new Set(names).size === names.length
    ? (names as string[])
    : undefined;
}

const known = (schema: unknown): string[] => {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties !== null && typeof properties === "object" ? Object.keys(properties) : [];
};

/** A known name the unknown one is a slip of: the same once case and `_`/`-` are ignored, or one edit away. */
export function nearest(name: string, names: readonly string[]): string | undefined {
  const flat = (s: string) => s.toLowerCase().replace(/[_-]/g, "");
  return (
    names.find((n) => flat(n) === flat(name)) ??
    names.find((n) => n.length > 2 && editDistance(n, name) === 1)
  );
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1)
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length] as number;
}
