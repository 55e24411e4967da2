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

/** A line as a document, undefined when blank; a trailing `\r` (CRLF files) is dropped. */
export function lineDocument(bytes: Buffer, line: number): RawDocument | undefined {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
  const doc = decode(bytes.subarray(0, end), line);
  return doc.text !== undefined && doc.text.trim() === "" ? undefined : doc;
}
