import type { FileFinding, Finding, ValidationResult } from "@keel/diagnostics";
import type { Input, RawDocument, StdinFormat } from "../input/raw-document.js";
import { readInput } from "../input/read-input.js";
import { codeFrame } from "./code-frame.js";
import { depthFinding } from "./depth.js";
import { locateFindings } from "./locate.js";
import { parseDocument } from "./parse-document.js";

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

/**
 * Checks one parsed document; `kind` tells a single document from a JSON Lines line, `source` (JSON
 * only) the text it was parsed from and the file line it starts on, for what parsing loses (repeated keys).
 */
export type Check = (
  value: unknown,
  kind: Input["kind"],
  source?: { text: string; line: number },
) => TypedResult;

/** A document's verdict and the type it was checked as (named or detected; none when no type fits). */
export type TypedResult = ValidationResult & { type?: string };

/**
 * Read, parse and check every document of one file (streamed: only findings are kept); each finding located
 * at line:column in it. `progress` is told every 1000 documents.
 */
export function checkFile(
  file: string,
  cwd: string,
  check: Check,
  progress?: (r: FileResult) => void,
  stdinFormat?: StdinFormat,
  limit?: number,
): FileResult {
  const input = readInput(file, cwd, stdinFormat, limit);
  const result = emptyResult(file);
  for (const doc of input.documents) {
    // an empty or blank .json/.yaml holds no document, like an empty JSON Lines file or stdin
    if (input.kind !== "jsonl" && isBlank(doc)) continue;
    result.documents += 1;
    if (progress !== undefined && result.documents % 1000 === 0) progress(result);
    merge(result, checkOne(doc, input.kind, check));
  }
  for (const note of input.notes) add(result, note, undefined, 1);
  return result;
}

function isBlank(doc: RawDocument): boolean {
  if (doc.failure !== undefined) return false;
  const source = doc.text ?? doc.yaml;
  return source !== undefined && source.trim() === "";
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

/** One document's verdict: its findings located in the file, each with its code frame, and its type. */
export interface DocumentResult {
  valid: boolean;
  findings: Finding[];
  frames: string[];
  type?: string;
}

/** Parse (or refuse) one document and check it; plain data in and out, so a worker thread can run it. */
export function checkOne(doc: RawDocument, kind: Input["kind"], check: Check): DocumentResult {
  const parsed = parseDocument(doc);
  const tooDeep = parsed.ok && doc.text !== undefined ? depthFinding(doc.text) : undefined;
  const outcome: TypedResult = !parsed.ok
    ? { valid: false, findings: [parsed.finding] }
    : tooDeep !== undefined
      ? { valid: false, findings: [{ ...tooDeep, line: doc.line, column: 1 }] }
      : check(parsed.value, kind, doc.text === undefined ? undefined : { text: doc.text, line: doc.line });
  if (outcome.findings.length === 0) return plain(outcome.valid, outcome.type); // nearly every document
  const out: DocumentResult = { valid: outcome.valid, findings: [], frames: [] };
  if (outcome.type !== undefined) out.type = outcome.type;
  const source = doc.text ?? doc.yaml;
  // in file order, whatever order the schema, the rules and the duplicate-key scan found them in
  const located = locateFindings(outcome.findings, source, doc.line, doc.yaml !== undefined).sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
  for (const f of located) {
    out.findings.push(f);
    out.frames.push(frameOf(f, source, doc.line));
  }
  return out;
}

// shared by every document without findings of one verdict and type: read, never changed
const plainResults = new Map<string, DocumentResult>();
function plain(valid: boolean, type: string | undefined): DocumentResult {
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

export function merge(result: FileResult, doc: DocumentResult): void {
  countType(result.types, doc.type);
  if (!doc.valid) result.invalid += 1;
  if (doc.findings.length === 0) return;
  for (const [i, f] of doc.findings.entries()) {
    result.findings.push({ ...f, file: result.file });
    result.frames.push(doc.frames[i] ?? "");
  }
}

function add(result: FileResult, f: Finding, text: string | undefined, firstLine: number): void {
  result.findings.push({ ...f, file: result.file });
  result.frames.push(frameOf(f, text, firstLine));
}

function frameOf(f: Finding, text: string | undefined, firstLine: number): string {
  const source =
    text === undefined || f.line === undefined ? undefined : lineOf(text, f.line - firstLine + 1);
  return source === undefined ? "" : owned(codeFrame(source, f.column ?? 1));
}

/**
 * A copy of `s` that holds nothing else: a JSON Lines document's text is a slice of its whole chunk, and
 * strings built from it keep that chunk alive while a kept finding keeps them (1 MB per finding).
 */
const owned = (s: string): string => Buffer.from(s, "utf8").toString("utf8");

/** The n-th (1-based) line of text, without its line break. */
function lineOf(text: string, n: number): string | undefined {
  let start = 0;
  for (let i = 1; i < n; i += 1) {
    const next = text.indexOf("\n", start);
    if (next === -1) return undefined;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return text.slice(start, end === -1 ? undefined : end).replace(/\r$/, "");
}
