import { openSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Finding } from "@keel/diagnostics";
import { fileKindOf, parseYamlText, readText, SchemaLoadError } from "@keel/schema-model";
import { chunksOf, isJsonValue, peekLines, replay } from "./byte-source.js";
import { MAX_DEPTH } from "./depth.js";

/** One document of an input file, before parsing: its text, or (YAML) its value, or why it has neither. */
export interface RawDocument {
  /** 1-based line the document starts on */
  line: number;
  text?: string;
  value?: unknown;
  /** the YAML source `value` was read from: findings are located in it */
  yaml?: string;
  /** set when the document cannot be read (invalid UTF-8, YAML syntax) */
  failure?: Finding;
}

export interface Input {
  kind: "json" | "jsonl" | "yaml";
  /** read lazily: a JSON Lines file is streamed in chunks, so memory stays bounded by its longest line */
  documents: Iterable<RawDocument>;
  /** findings about the file as a whole (a byte order mark); complete once `documents` is consumed */
  notes: Finding[];
}

const BOM = [0xef, 0xbb, 0xbf];
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** How `-` is read: one JSON document, JSON Lines, or (undefined) told from its first non-blank line. */
export type StdinFormat = "json" | "jsonl";

/**
 * A file (or `-`, stdin) split into documents. A missing or unreadable file throws (a usage error, exit 2);
 * anything wrong inside it is a finding on the document it concerns, so the other lines of a JSON Lines
 * file are still validated.
 */
export function readInput(file: string, cwd: string, stdinFormat?: StdinFormat): Input {
  const notes: Finding[] = [];
  if (file === "-") return readStdin(stdinFormat, notes);
  const path = resolve(cwd, file);
  const kind = fileKindOf(path) ?? "json";
  if (kind === "yaml") return { kind, documents: [readYamlDocument(path)], notes };
  if (kind === "jsonl")
    return { kind, documents: streamLines(chunksOf(openFile(path, file), file, true), notes), notes };
  return { kind: "json", documents: [decode(stripBom(readBytes(path, file), notes), 1)], notes };
}

/**
 * Stdin is JSON Lines, streamed like a file, when its first non-blank line is a complete JSON value on its
 * own, or its second one is a complete object or array (a stream whose first line is broken); otherwise
 * one JSON document, read whole. `--stdin-format` decides instead.
 */
function readStdin(format: StdinFormat | undefined, notes: Finding[]): Input {
  const chunks = chunksOf(0, "-", false);
  if (format === "jsonl") return { kind: "jsonl", documents: streamLines(chunks, notes), notes };
  const { head, lines } = format === "json" ? { head: Buffer.alloc(0), lines: [] } : peekLines(chunks, 2);
  const source = replay(head, chunks);
  if (format === undefined && looksLikeLines(lines))
    return { kind: "jsonl", documents: streamLines(source, notes), notes };
  const whole = Buffer.concat(Array.from(source, (chunk) => Buffer.from(chunk))); // chunks are reused
  return { kind: "json", documents: [decode(stripBom(whole, notes), 1)], notes };
}

function looksLikeLines([first, second]: string[]): boolean {
  if (first === undefined || isJsonValue(first)) return true;
  return second !== undefined && /^\s*[[{]/.test(second) && isJsonValue(second);
}

/** RFC 8259 forbids a BOM but allows parsers to ignore one: accept it, and say so. */
function stripBom(bytes: Buffer, notes: Finding[]): Buffer {
  if (!BOM.every((b, i) => bytes[i] === b)) return bytes;
  notes.push({
    code: "json/bom",
    severity: "warning",
    message: "expected no byte order mark (RFC 8259), found one at the start of the file; ignored it",
    pointer: "",
    line: 1,
    column: 1,
  });
  return bytes.subarray(3);
}

/**
 * JSON Lines from chunks of bytes; the parts of a line that straddles chunks are joined once. Lines are
 * numbered from 1; `fileStart` false (a byte range inside a file) leaves a leading BOM alone.
 */
export function* streamLines(
  chunks: Iterable<Buffer>,
  notes: Finding[],
  fileStart = true,
): Generator<RawDocument> {
  let parts: Buffer[] = [];
  let line = 1;
  const document = (bytes: Buffer) =>
    lineDocument(line === 1 && fileStart ? stripBom(bytes, notes) : bytes, line);
  for (const buf of chunks) {
    let start = 0;
    for (let nl = buf.indexOf(0x0a, start); nl !== -1; nl = buf.indexOf(0x0a, start)) {
      // a line inside one chunk is decoded in place; only a straddling one is joined
      const doc = document(
        parts.length === 0 ? buf.subarray(start, nl) : Buffer.concat([...parts, buf.subarray(start, nl)]),
      );
      parts = [];
      if (doc !== undefined) yield doc;
      line += 1;
      start = nl + 1;
    }
    // the chunk buffer is reused: keep a copy of the unfinished line
    if (start < buf.length) parts.push(Buffer.from(buf.subarray(start)));
  }
  const last = document(Buffer.concat(parts));
  if (last !== undefined) yield last;
}

/** JSON Lines from an open descriptor the caller closes (a FIFO, a device): streamed like stdin. */
export function streamFd(fd: number, name: string): Input {
  const notes: Finding[] = [];
  return { kind: "jsonl", documents: streamLines(chunksOf(fd, name, false), notes), notes };
}

export function openFile(path: string, name: string): number {
  try {
    return openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code === "ENOENT" ? "io/not-found" : "io/unreadable";
    throw new SchemaLoadError(code, name, `cannot read file (${(error as Error).message})`, undefined, error);
  }
}

function readBytes(source: string, name: string): Buffer {
  try {
    return readFileSync(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code === "ENOENT" ? "io/not-found" : "io/unreadable";
    throw new SchemaLoadError(code, name, `cannot read file (${(error as Error).message})`, undefined, error);
  }
}

/** A line as a document, undefined when blank; a trailing `\r` (CRLF files) is dropped. */
function lineDocument(bytes: Buffer, line: number): RawDocument | undefined {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
  const doc = decode(bytes.subarray(0, end), line);
  return doc.text !== undefined && doc.text.trim() === "" ? undefined : doc;
}

function decode(bytes: Uint8Array, line: number): RawDocument {
  try {
    return { line, text: utf8.decode(bytes) };
  } catch {
    return { line, failure: invalidUtf8(bytes, line) };
  }
}

/** Locate the first byte that does not decode, so the finding points at it rather than at the document. */
function invalidUtf8(bytes: Uint8Array, firstLine: number): Finding {
  let line = firstLine;
  let lineStart = 0;
  let offset = 0;
  for (let lo = 0, hi = bytes.length; lo < hi; ) {
    const mid = (lo + hi) >> 1;
    if (decodes(bytes.subarray(0, mid + 1))) lo = mid + 1;
    else hi = mid;
    offset = lo;
  }
  for (let i = 0; i < offset; i += 1) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder().decode(bytes.subarray(lineStart, offset)).length + 1;
  const found =
    offset < bytes.length
      ? `the byte 0x${(bytes[offset] as number).toString(16).padStart(2, "0")} that is not valid UTF-8`
      : "an incomplete UTF-8 sequence at the end";
  return {
    code: "json/invalid-utf8",
    severity: "error",
    message: `expected UTF-8 text, found ${found}`,
    pointer: "",
    line,
    column,
  };
}

function decodes(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function readYamlDocument(path: string): RawDocument {
  // YAML allows a byte order mark; dropped so columns on line 1 count from the first real character
  const yaml = readText(path).replace(/^\uFEFF/, "");
  try {
    const value = parseYamlText(yaml, path);
    return tooDeep(value)
      ? yamlFailure(
          "yaml/too-deep",
          `expected collections nested at most ${MAX_DEPTH} deep, found deeper nesting`,
        )
      : { line: 1, value, yaml };
  } catch (error) {
    if (error instanceof SchemaLoadError && !error.code.startsWith("io/"))
      return {
        line: error.at?.line ?? 1,
        failure: { code: error.code, severity: "error", message: error.detail, pointer: "", ...error.at },
      };
    if (error instanceof SchemaLoadError) throw error;
    // the parser's own limits: recursion (very deep nesting), alias expansion (a "billion laughs" document)
    const message = (error as Error).message;
    return error instanceof RangeError
      ? yamlFailure(
          "yaml/too-deep",
          `expected collections nested at most ${MAX_DEPTH} deep, found deeper nesting`,
        )
      : yamlFailure("yaml/syntax", `invalid YAML: ${message.charAt(0).toLowerCase()}${message.slice(1)}`);
  }
}

const yamlFailure = (code: string, message: string): RawDocument => ({
  line: 1,
  failure: { code, severity: "error", message, pointer: "", line: 1, column: 1 },
});

/** Nesting deeper than MAX_DEPTH, found without recursion. */
function tooDeep(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, depth] = item;
    if (v === null || typeof v !== "object") continue;
    if (depth > MAX_DEPTH) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
