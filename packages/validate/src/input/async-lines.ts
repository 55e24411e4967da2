import type { Finding } from "@keel/diagnostics";
import { LineJoiner } from "./json-lines.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "./limits.js";
import type { RawDocument } from "./raw-document.js";

/**
 * JSON Lines from any async source of chunks (a Node Readable, a fetch body, a generator): bytes or strings,
 * a line straddling chunks joined once, numbered from 1, blank lines skipped, a leading BOM a `json/bom`
 * note. The same lines as `streamLines` gives a file, a chunk's worth at a time: each is read through before
 * the next is asked for, so the caller awaits once per chunk rather than once per line. A line longer than
 * `limit` bytes is a `validate/too-large` failure and ends the stream.
 */
export async function* asyncLines(
  chunks: AsyncIterable<Uint8Array | string>,
  notes: Finding[],
  limit = DEFAULT_MAX_DOCUMENT_BYTES,
): AsyncGenerator<Iterable<RawDocument>> {
  const lines = new LineJoiner(notes, true, limit);
  for await (const chunk of chunks) {
    const buf =
      typeof chunk === "string"
        ? Buffer.from(chunk, "utf8")
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    yield lines.push(buf);
    // a line past the bound ends the stream (leaving the loop lets the source go)
    if (lines.stopped) return;
  }
  yield lines.end();
}
