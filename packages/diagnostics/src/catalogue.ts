import type { Finding, Severity } from "./finding.js";

/**
 * Every finding code keel emits outside the protocol packages, with its default severity, a one-line
 * summary (for `--help`-style listings) and the message template. Messages are lowercase and say what
 * was expected and what was found; the location travels separately as pointer/line/column.
 */
interface Entry<P> {
  severity: Severity;
  summary: string;
  message: (params: P) => string;
}

const entry = <P>(severity: Severity, summary: string, message: (params: P) => string): Entry<P> => ({
  severity,
  summary,
  message,
});

export const catalogue = {
  "io/not-found": entry<{ path: string }>(
    "error",
    "a file or folder named on the command line or in the registry does not exist",
    (p) => `expected a readable file at ${p.path}, found nothing there`,
  ),
  "io/unreadable": entry<{ path: string; reason: string }>(
    "error",
    "a file exists but cannot be read",
    (p) => `could not read ${p.path}: ${p.reason}`,
  ),
  "json/syntax": entry<{ detail: string }>(
    "error",
    "the text is not valid JSON",
    (p) => `expected valid JSON, ${p.detail}`,
  ),
  "yaml/syntax": entry<{ detail: string }>(
    "error",
    "the text is not valid YAML",
    (p) => `expected valid YAML, ${p.detail}`,
  ),
  "schema/violation": entry<{ keyword: string; detail: string }>(
    "error",
    "a document breaks a JSON Schema keyword (the code names the keyword, e.g. schema/max-length)",
    (p) => p.detail,
  ),
  "schema/unresolved-ref": entry<{ ref: string; from: string }>(
    "error",
    "a $ref in a canonical schema points at nothing",
    (p) => `expected $ref "${p.ref}" in ${p.from} to resolve to a schema, found no such target`,
  ),
  "schema/not-compilable": entry<{ file: string; detail: string }>(
    "error",
    "ajv in strict mode refuses a canonical schema",
    (p) => `expected ${p.file} to compile in ajv strict mode, got: ${p.detail}`,
  ),
  "registry/invalid": entry<{ detail: string }>(
    "error",
    "the protocol registry (the list of protocols, their document types and versions) does not match its own schema",
    (p) => `expected a well-formed registry entry, ${p.detail}`,
  ),
  "registry/unknown-protocol": entry<{ name: string; known: readonly string[] }>(
    "error",
    "a protocol name that the registry does not list",
    (p) => `expected one of ${p.known.join(", ")}, found protocol "${p.name}"`,
  ),
  "registry/unknown-document-type": entry<{ protocol: string; name: string; known: readonly string[] }>(
    "error",
    "a document type that the protocol's registry entry does not list",
    (p) => `expected a ${p.protocol} document type (${p.known.join(", ")}), found "${p.name}"`,
  ),
  "registry/unlisted-file": entry<{ path: string; what: string }>(
    "error",
    "a schema or example on disk that the registry does not know",
    (p) => `expected every ${p.what} to be listed in the registry, found unlisted ${p.path}`,
  ),
  "registry/missing-file": entry<{ path: string; what: string }>(
    "error",
    "the registry names a schema or released copy that is not on disk",
    (p) => `expected ${p.what} ${p.path} named by the registry, found no such file`,
  ),
  "registry/released-changed": entry<{ path: string; expected: string; actual: string }>(
    "error",
    "a frozen released schema no longer has the sha256 recorded when it was released",
    (p) => `expected released file ${p.path} to have sha256 ${p.expected}, found ${p.actual}`,
  ),
  "registry/no-example": entry<{ protocol: string; documentType: string }>(
    "error",
    "a document type without a single example",
    (p) => `expected at least one example of ${p.protocol} ${p.documentType}, found none`,
  ),
  "downgrade/cannot-fill": entry<{ property: string; version: string }>(
    "error",
    "a downgrade cannot fill a property the older version requires (no value, no default, no filler)",
    (p) =>
      `expected a value for property "${p.property}", which ${p.version} requires, found none to fill it with`,
  ),
  "downgrade/wrong-type": entry<{ value: string; version: string; allowed: string }>(
    "error",
    "a downgrade meets a value of a JSON type the older version does not allow there",
    (p) => `expected ${p.allowed} here as ${p.version} defines it, found ${p.value}`,
  ),
  "downgrade/too-deep": entry<{ depth: number }>(
    "error",
    "a downgrade meets nesting deeper than it walks",
    (p) => `expected at most ${p.depth} levels of nesting, found more; left as it is`,
  ),
  "downgrade/unknown-value": entry<{ value: string; version: string; allowed: string }>(
    "error",
    "a downgrade meets a value the older version does not define (an enum value or constant added later)",
    (p) => `expected one of ${p.version}'s values (${p.allowed}), found ${p.value}`,
  ),
} as const;

export type Code = keyof typeof catalogue;
export type ParamsOf<C extends Code> = Parameters<(typeof catalogue)[C]["message"]>[0];

export interface At {
  pointer?: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** Build a finding from the catalogue, so every message for a code reads the same. */
export function finding<C extends Code>(code: C, params: ParamsOf<C>, at: At = {}): Finding {
  const spec = catalogue[code] as Entry<ParamsOf<C>>;
  const out: Finding = {
    code,
    severity: spec.severity,
    message: spec.message(params),
    pointer: at.pointer ?? "",
  };
  if (at.line !== undefined) out.line = at.line;
  if (at.column !== undefined) out.column = at.column;
  if (at.hint !== undefined) out.hint = at.hint;
  return out;
}

/** `maxLength` → `schema/max-length`: the finding code for a JSON Schema keyword. */
export function schemaKeywordCode(keyword: string): string {
  // ajv's "false schema" (a property a branch forbids) is no keyword: kebab-case like the others
  if (keyword === "false schema") return "schema/forbidden";
  return `schema/${keyword.replace(/^\$/, "").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
