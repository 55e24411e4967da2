import { isUtf8 } from "node:buffer";
import type { Finding } from "@keel/diagnostics";
import { stripBom } from "./bom.js";
import { chunksOf } from "./byte-source.js";
import type { Input, RawDocument } from "./raw-document.js";
import { decode } from "./utf8.js";

/**
 * JSON Lines from chunks of bytes; the parts of a line that straddles chunks are joined once. Lines are
 * numbered from 1; `fileStart` false (a byte range inside a file) leaves a leading BOM alone.
 */
export function* streamLines(
  chunks: Iterable<Buffer>,
  notes: Finding[],
  fileStart = true,
): Generator<RawDocument> {
  const lines = new LineJoiner(notes, fileStart);
  for (const buf of chunks) for (const doc of lines.push(buf)) yield doc;
  for (const doc of lines.end()) yield doc;
}

/**
 * The line splitting both `streamLines` and `asyncLines` share: feed it chunks in order, then `end()`;
 * each gives the lines it completed (an array per chunk: one generator less per line). A line inside one
 * chunk is decoded in place; only a straddling one is joined.
 */
export class LineJoiner {
  private parts: Buffer[] = [];
  private line = 1;

  constructor(
    private readonly notes: Finding[],
    private readonly fileStart = true,
  ) {}

  push(buf: Buffer): RawDocument[] {
    const out: RawDocument[] = [];
    let start = 0;
    const nl = buf.indexOf(0x0a);
    // a line begun in an earlier chunk, and the file's first line (it may carry a BOM), on their own
    if (nl !== -1 && (this.parts.length > 0 || (this.line === 1 && this.fileStart))) {
      const bytes = buf.subarray(0, nl);
      const doc = this.document(this.parts.length === 0 ? bytes : Buffer.concat([...this.parts, bytes]));
      this.parts = [];
      if (doc !== undefined) out.push(doc);
      this.line += 1;
      start = nl + 1;
    }
    const last = buf.lastIndexOf(0x0a);
    if (last >= start) {
      const whole = buf.subarray(start, last);
      // the common case: every complete line of the chunk decoded at once and split as text
      if (isUtf8(whole)) this.textLines(whole.toString("utf8"), out);
      else this.byteLines(whole, out);
      this.line += 1;
      start = last + 1;
    }
    // the chunk buffer may be reused by its owner: keep a copy of the unfinished line
    if (start < buf.length) this.parts.push(Buffer.from(buf.subarray(start)));
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

  /** Lines of bytes that are not all UTF-8 (no trailing newline), each decoded alone to locate what is wrong. */
  private byteLines(bytes: Buffer, out: RawDocument[]): void {
    for (let from = 0; ; this.line += 1) {
      const nl = bytes.indexOf(0x0a, from);
      const doc = lineDocument(bytes.subarray(from, nl === -1 ? bytes.length : nl), this.line);
      if (doc !== undefined) out.push(doc);
      if (nl === -1) return;
      from = nl + 1;
    }
  }

  end(): RawDocument[] {
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
export function streamFd(fd: number, name: string): Input {
  const notes: Finding[] = [];
  return { kind: "jsonl", documents: streamLines(chunksOf(fd, name, false), notes), notes };
}

/** A line as a document, undefined when blank; a trailing `\r` (CRLF files) is dropped. */
export function lineDocument(bytes: Buffer, line: number): RawDocument | undefined {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
  const doc = decode(bytes.subarray(0, end), line);
  return doc.text !== undefined && doc.text.trim() === "" ? undefined : doc;
}
