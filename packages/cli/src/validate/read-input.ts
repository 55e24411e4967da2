import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { resolve } from "node:path";
import type { Finding } from "@keel/diagnostics";
import { fileKindOf, readYaml, SchemaLoadError } from "@keel/schema-model";

/** One document of an input file, before parsing: its text, or (YAML) its value, or why it has neither. */
export interface RawDocument {
  /** 1-based line the document starts on */
  line: number;
  text?: string;
  value?: unknown;
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

/**
 * A file (or `-`, stdin, read as JSON Lines) split into documents. A missing or unreadable file throws
 * (a usage error, exit 2); anything wrong inside it is a finding on the document it concerns, so the
 * other lines of a JSON Lines file are still validated.
 */
export function readInput(file: string, cwd: string): Input {
  const path = file === "-" ? undefined : resolve(cwd, file);
  const kind = path === undefined ? "jsonl" : (fileKindOf(path) ?? "json");
  if (kind === "yaml") return { kind, documents: [readYamlDocument(path as string)], notes: [] };
  const notes: Finding[] = [];
  if (kind === "jsonl" && path !== undefined)
    return { kind, documents: streamLines(openFile(path, file), notes), notes };
  const bytes = stripBom(readBytes(path ?? 0, file), notes);
  return {
    kind: kind === "jsonl" ? "jsonl" : "json",
    documents: kind === "jsonl" ? splitLines(bytes) : [decode(bytes, 1)],
    notes,
  };
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

const CHUNK = 1 << 20;

/** JSON Lines from a file descriptor, a chunk at a time; the parts of a long line are joined once. */
function* streamLines(fd: number, notes: Finding[]): Generator<RawDocument> {
  const chunk = Buffer.allocUnsafe(CHUNK);
  let parts: Buffer[] = [];
  let line = 1;
  let first = true;
  try {
    for (let n = readSync(fd, chunk, 0, CHUNK, null); n > 0; n = readSync(fd, chunk, 0, CHUNK, null)) {
      let buf: Buffer = chunk.subarray(0, n);
      if (first && n >= 3) {
        buf = stripBom(buf, notes);
        first = false;
      }
      let start = 0;
      for (let nl = buf.indexOf(0x0a, start); nl !== -1; nl = buf.indexOf(0x0a, start)) {
        const doc = lineDocument(Buffer.concat([...parts, buf.subarray(start, nl)]), line);
        parts = [];
        if (doc !== undefined) yield doc;
        line += 1;
        start = nl + 1;
      }
      // the chunk buffer is reused: keep a copy of the unfinished line
      if (start < buf.length) parts.push(Buffer.from(buf.subarray(start)));
    }
    const last = lineDocument(Buffer.concat(parts), line);
    if (last !== undefined) yield last;
  } finally {
    closeSync(fd);
  }
}

function openFile(path: string, name: string): number {
  try {
    return openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code === "ENOENT" ? "io/not-found" : "io/unreadable";
    throw new SchemaLoadError(code, name, `cannot read file (${(error as Error).message})`, undefined, error);
  }
}

function readBytes(source: string | 0, name: string): Buffer {
  try {
    return readFileSync(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code === "ENOENT" ? "io/not-found" : "io/unreadable";
    throw new SchemaLoadError(code, name, `cannot read file (${(error as Error).message})`, undefined, error);
  }
}

/** One document per non-blank line of text already in memory (stdin). */
function* splitLines(bytes: Buffer): Generator<RawDocument> {
  let start = 0;
  for (let line = 1; start <= bytes.length; line += 1) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    const doc = lineDocument(bytes.subarray(start, end), line);
    if (doc !== undefined) yield doc;
    start = end + 1;
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
  try {
    return { line: 1, value: readYaml(path) };
  } catch (error) {
    if (!(error instanceof SchemaLoadError) || error.code.startsWith("io/")) throw error;
    return {
      line: error.at?.line ?? 1,
      failure: { code: error.code, severity: "error", message: error.detail, pointer: "", ...error.at },
    };
  }
}
