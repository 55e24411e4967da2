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
  for (const buf of chunks) yield* lines.push(buf);
  yield* lines.end();
}

/**
 * The line splitting both `streamLines` and `asyncLines` share: feed it chunks in order, then `end()`.
 * A line inside one chunk is decoded in place; only a straddling one is joined.
 */
export class LineJoiner {
  private parts: Buffer[] = [];
  private line = 1;

  constructor(
    private readonly notes: Finding[],
    private readonly fileStart = true,
  ) {}

  *push(buf: Buffer): Generator<RawDocument> {
    let start = 0;
    for (let nl = buf.indexOf(0x0a, start); nl !== -1; nl = buf.indexOf(0x0a, start)) {
      const bytes = buf.subarray(start, nl);
      const doc = this.document(this.parts.length === 0 ? bytes : Buffer.concat([...this.parts, bytes]));
      this.parts = [];
      if (doc !== undefined) yield doc;
      this.line += 1;
      start = nl + 1;
    }
    // the chunk buffer may be reused by its owner: keep a copy of the unfinished line
    if (start < buf.length) this.parts.push(Buffer.from(buf.subarray(start)));
  }

  *end(): Generator<RawDocument> {
    const last = this.document(Buffer.concat(this.parts));
    this.parts = [];
    if (last !== undefined) yield last;
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
