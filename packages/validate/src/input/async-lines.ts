import type { Finding } from "@keel/diagnostics";
import { stripBom } from "./bom.js";
import { lineDocument } from "./json-lines.js";
import type { RawDocument } from "./raw-document.js";

/**
 * JSON Lines from any async source of chunks (a Node Readable, a fetch body, a generator): bytes or strings,
 * a line straddling chunks joined once, numbered from 1, blank lines skipped, a leading BOM a `json/bom`
 * note. The same lines as `streamLines` gives a file.
 */
export async function* asyncLines(
  chunks: AsyncIterable<Uint8Array | string>,
  notes: Finding[],
): AsyncGenerator<RawDocument> {
  let parts: Buffer[] = [];
  let line = 1;
  const document = (bytes: Buffer) => lineDocument(line === 1 ? stripBom(bytes, notes) : bytes, line);
  for await (const chunk of chunks) {
    const buf =
      typeof chunk === "string"
        ? Buffer.from(chunk, "utf8")
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let nl = buf.indexOf(0x0a, start); nl !== -1; nl = buf.indexOf(0x0a, start)) {
      const doc = document(
        parts.length === 0 ? buf.subarray(start, nl) : Buffer.concat([...parts, buf.subarray(start, nl)]),
      );
      parts = [];
      if (doc !== undefined) yield doc;
      line += 1;
      start = nl + 1;
    }
    // a caller may reuse its chunk: keep a copy of the unfinished line
    if (start < buf.length) parts.push(Buffer.from(buf.subarray(start)));
  }
  const last = document(Buffer.concat(parts));
  if (last !== undefined) yield last;
}
