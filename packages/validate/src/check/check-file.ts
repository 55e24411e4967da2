import type { ValidationResult } from "@keel/diagnostics";
import type { Input, RawDocument, StdinFormat } from "../input/raw-document.js";
import { readInput } from "../input/read-input.js";
import type { Noter, PairNote } from "./correlate-notes.js";
import { combine } from "./correlate-results.js";
import type { Correlation } from "./correlation.js";
import { depthFinding } from "./depth.js";
import { addNote, type DocumentResult, emptyResult, type FileResult, merge } from "./file-result.js";
import { locate } from "./locate.js";
import { parseDocument } from "./parse-document.js";

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

/** How one file is read and reported, beside its check. */
export interface FileSettings {
  /** told every 1000 documents */
  progress?: ((r: FileResult) => void) | undefined;
  stdinFormat?: StdinFormat | undefined;
  /** the bound on one document, in bytes */
  limit?: number | undefined;
  /** `--strict`: applied as documents join the result (file-result.ts) */
  strict: boolean;
}

/**
 * Read, parse and check every document of one file (streamed: only findings are kept); each finding located
 * at line:column in it. With `correlation`, each noted line is paired in file order and a response's pair
 * check runs on the value just parsed (the threads read the line again: correlate-replay.ts).
 */
export function checkFile(
  file: string,
  cwd: string,
  check: Check,
  settings: FileSettings,
  correlation?: Correlation,
): FileResult {
  const { progress, strict } = settings;
  const input = readInput(file, cwd, settings.stdinFormat, settings.limit);
  const result = emptyResult(file);
  const pairing = correlation?.pairing();
  for (const doc of input.documents) {
    // an empty or blank .json/.yaml holds no document, like an empty JSON Lines file or stdin
    if (input.kind !== "jsonl" && isBlank(doc)) continue;
    result.documents += 1;
    if (progress !== undefined && result.documents % 1000 === 0) progress(result);
    const checked = checkLine(doc, input.kind, check, correlation?.note);
    const task = checked.note === undefined ? undefined : pairing?.take(checked.note);
    const verdict =
      task === undefined || correlation === undefined
        ? checked.result
        : combine(checked.result, correlation.judge(checked.value, doc, task));
    merge(result, verdict, strict);
  }
  for (const note of input.notes) addNote(result, note, strict);
  return result;
}

function isBlank(doc: RawDocument): boolean {
  if (doc.failure !== undefined) return false;
  const source = doc.text ?? doc.yaml;
  return source !== undefined && source.trim() === "";
}

/** A checked line: its verdict, and with a noter what correlation needs of it (and the value, to check it). */
export interface CheckedLine {
  result: DocumentResult;
  note?: PairNote;
  value?: unknown;
}

/**
 * Parse (or refuse) one document and check it; with `noter`, note what correlation needs of it (`index`:
 * its place among the documents checked in one go). Plain data in and out, so a worker thread can run it.
 */
export function checkLine(
  doc: RawDocument,
  kind: Input["kind"],
  check: Check,
  noter?: Noter,
  index = 0,
): CheckedLine {
  const parsed = parseDocument(doc);
  if (!parsed.ok) return { result: locate({ valid: false, findings: [parsed.finding] }, doc) };
  const tooDeep = doc.text !== undefined ? depthFinding(doc.text) : undefined;
  if (tooDeep !== undefined)
    return { result: locate({ valid: false, findings: [{ ...tooDeep, line: doc.line, column: 1 }] }, doc) };
  const source = doc.text === undefined ? undefined : { text: doc.text, line: doc.line };
  const outcome = check(parsed.value, kind, source);
  const result = locate(outcome, doc);
  const note = noter?.(parsed.value, outcome, source?.line, index);
  return note === undefined ? { result } : { result, note, value: parsed.value };
}

/** Parse (or refuse) one document and check it; findings located, with code frames. */
export function checkOne(doc: RawDocument, kind: Input["kind"], check: Check): DocumentResult {
  return checkLine(doc, kind, check).result;
}
