import { isUtf8 } from "node:buffer";
import type { Finding } from "@keel/diagnostics";
import { stripBom } from "./bom.js";
import { chunksOf } from "./byte-source.js";
import { DEFAULT_MAX_DOCUMENT_BYTES, tooLarge } from "./limits.js";
import type { Input, RawDocument } from "./raw-document.js";
import { decode } from "./utf8.js";

/**
 * JSON Lines from chunks of bytes; the parts of a line that straddles chunks are joined once. Lines are
 * numbered from 1; `fileStart` false (a byte range inside a file) leaves a leading BOM alone. A line longer
 * than `limit` bytes is a `validate/too-large` failure and ends the input (memory stays within the bound).
 */
export function* streamLines(
  chunks: Iterable<Buffer>,
  notes: Finding[],
  fileStart = true,
  limit = DEFAULT_MAX_DOCUMENT_BYTES,
): Generator<RawDocument> {
  const lines = new LineJoiner(notes, fileStart, limit);
  for (const buf of chunks) {
    for (const doc of lines.push(buf)) yield doc;
    if (lines.stopped) return;
  }
  for (const doc of lines.end()) yield doc;
}

/**
 * The line splitting both `streamLines` and `asyncLines` share: feed it chunks in order, then `end()`;
 * each gives the lines it completed (an array per chunk: one generator less per line). A line inside one
 * chunk is decoded in place; only a straddling one is joined.
 */
export class LineJoiner {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private line = 1;
  /** a line passed the bound: nothing more is read */
  stopped = false;

  constructor(
    private readonly notes: Finding[],
    private readonly fileStart = true,
    private readonly limit = DEFAULT_MAX_DOCUMENT_BYTES,
  ) {}

  push(buf: Buffer): RawDocument[] {
    const out: RawDocument[] = [];
    if (this.stopped) return out;
    let start = 0;
    const nl = buf.indexOf(0x0a);
    // a line begun in an earlier chunk, and the file's first line (it may carry a BOM), on their own
    if (nl !== -1 && (this.parts.length > 0 || (this.line === 1 && this.fileStart))) {
      if (this.partBytes + nl > this.limit) return this.stop(out);
      const bytes = buf.subarray(0, nl);
      const doc = this.document(this.parts.length === 0 ? bytes : Buffer.concat([...this.parts, bytes]));
      this.parts = [];
      this.partBytes = 0;
      if (doc !== undefined) out.push(doc);
      this.line += 1;
      start = nl + 1;
    }
    const last = buf.lastIndexOf(0x0a);
    if (last >= start) {
      const whole = buf.subarray(start, last);
      // the common case: every complete line of the chunk decoded at once and split as text (a chunk
      // larger than the bound, a range a worker reads whole, goes line by line to check each one's length)
      if (whole.length <= this.limit && isUtf8(whole)) this.textLines(whole.toString("utf8"), out);
      else if (!this.byteLines(whole, out)) return this.stop(out);
      this.line += 1;
      start = last + 1;
    }
    if (start < buf.length) {
      this.partBytes += buf.length - start;
      if (this.partBytes > this.limit) return this.stop(out);
      // the chunk buffer may be reused by its owner: keep a copy of the unfinished line
      this.parts.push(Buffer.from(buf.subarray(start)));
    }
    return out;
  }

  /** The current line is past the bound: a finding in its place, the parts kept so far let go. */
  private stop(out: RawDocument[]): RawDocument[] {
    this.stopped = true;
    this.parts = [];
    this.partBytes = 0;
    out.push(tooLarge(this.limit, this.line, "line"));
    return out;
  }

  /** Lines of valid text (no trailing newline): each one's `\r` dropped, blank ones skipped. */
  private textLines(text: string, out: RawDocument[]): void {
    for (let from = 0; ; this.line += 1) {
      const nl = text.indexOf("\n", from);
      const end = nl === -1 ? text.length : nl;
      const line = text.slice(from, end > from && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end);
      if (line.trim() !== "") out.push({ line: this.line, text: line });
      if (nl === -1) return;
      from = nl + 1;
    }
  }

  /**
   * Lines of bytes (no trailing newline) each decoded alone, to locate what is not UTF-8; false, with
   * `line` on it, at the first line past the bound.
   */
  private byteLines(bytes: Buffer, out: RawDocument[]): boolean {
    for (let from = 0; ; this.line += 1) {
      const nl = bytes.indexOf(0x0a, from);
      const end = nl === -1 ? bytes.length : nl;
      if (end - from > this.limit) return false;
      const doc = lineDocument(bytes.subarray(from, end), this.line);
      if (doc !== undefined) out.push(doc);
      if (nl === -1) return true;
      from = nl + 1;
    }
  }

  end(): RawDocument[] {
    if (this.stopped) return [];
    const last = this.document(Buffer.concat(this.parts));
    this.parts = [];
    return last === undefined ? [] : [last];
  }

  private document(bytes: Buffer): RawDocument | undefined {
    const first = this.line === 1 && this.fileStart;
    return lineDocument(first ? stripBom(bytes, this.notes) : bytes, this.line);
  }
}

/** JSON Lines from an open descriptor the caller closes (a FIFO, a device): streamed like stdin. */
export function streamFd(fd: number, name: string, limit = DEFAULT_MAX_DOCUMENT_BYTES): Input {
  const notes: Finding[] = [];
  return { kind: "jsonl", documents: streamLines(chunksOf(fd, name, false), notes, true, limit), notes };
}

/** A line as a document, undefined when blank; a trailing `\r` (CRLF files) is dropped. */
export function lineDocument(bytes: Buffer, line: number): RawDocument | undefined {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
  const doc = decode(bytes.subarray(0, end), line);
  return doc.text !== undefined && doc.text.trim() === "" ? undefined : doc;
}
