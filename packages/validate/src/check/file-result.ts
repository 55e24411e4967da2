import type { FileFinding, Finding } from "@keel/diagnostics";

/** What one file gave: its documents, how many failed, and every finding located in it. */
export interface FileResult {
  file: string;
  documents: number;
  invalid: number;
  findings: FileFinding[];
  /** per finding (same index), the code frame pretty output prints under it */
  frames: string[];
  /** documents checked per type (named with --type, or detected), in the order first met */
  types: Record<string, number>;
}

/** One document's verdict: its findings located in the file, each with its code frame, and its type. */
export interface DocumentResult {
  valid: boolean;
  findings: Finding[];
  frames: string[];
  type?: string;
}

/** A file's result before its first document. */
export const emptyResult = (file: string): FileResult => ({
  file,
  documents: 0,
  invalid: 0,
  findings: [],
  frames: [],
  types: {},
});

// shared by every document without findings of one verdict and type: read, never changed
const plainResults = new Map<string, DocumentResult>();
export function plain(valid: boolean, type: string | undefined): DocumentResult {
  const key = `${valid ? "+" : "-"}${type ?? ""}`;
  let shared = plainResults.get(key);
  if (shared === undefined) {
    shared = Object.freeze({ valid, findings: [], frames: [], ...(type === undefined ? {} : { type }) });
    plainResults.set(key, shared);
  }
  return shared;
}

/** Count a document's type (one checked as no type is counted in `documents` only). */
export function countType(types: Record<string, number>, type: string | undefined, n = 1): void {
  if (type !== undefined) types[type] = (types[type] ?? 0) + n;
}

/**
 * `--strict` (every warning an error) is applied here and nowhere else (issue 28): checks, rules and
 * correlation report each finding at its own severity, and a finding is promoted once, as its document (or
 * the file's note) joins the file's result — whichever thread checked it and whether or not it was correlated.
 * `validateLines` promotes what it yields with the same function.
 */
export function strictly<F extends Finding>(f: F): F {
  return f.severity === "warning" ? { ...f, severity: "error" } : f;
}

/** A document's verdict joins its file's result (under `strict`, one with a warning fails). */
export function merge(result: FileResult, doc: DocumentResult, strict: boolean): void {
  countType(result.types, doc.type);
  const failed = !doc.valid || (strict && doc.findings.some((f) => f.severity === "warning"));
  if (failed) result.invalid += 1;
  for (const [i, f] of doc.findings.entries()) {
    result.findings.push({ ...(strict ? strictly(f) : f), file: result.file });
    result.frames.push(doc.frames[i] ?? "");
  }
}

/**
 * A finding about the file as a whole (a byte order mark) joins its result, after its documents. It is no
 * document: under `strict` its warning fails the file (at least one invalid) without counting as one more.
 */
export function addNote(result: FileResult, note: Finding, strict: boolean): void {
  const f = strict ? strictly(note) : note;
  if (f !== note && result.invalid === 0) result.invalid = 1;
  result.findings.push({ ...f, file: result.file });
  result.frames.push("");
}
