import type { Finding } from "@keel/diagnostics";
import { SchemaLoadError } from "@keel/schema-model";
import { type Check, checkLine } from "../check/check-file.js";
import type { Correlation } from "../check/correlation.js";
import { countType } from "../check/file-result.js";
import { readOwnedRange } from "../input/byte-range.js";
import { streamLines } from "../input/json-lines.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "../input/limits.js";
import type { ByteRange, RangeResult } from "./messages.js";

/**
 * A worker's share of a JSON Lines file: read the lines a byte range owns and check each. With correlation,
 * each line's pairing note comes back too, a response's with where its line is in the file (its pair judgement
 * reads it again there rather than anyone holding the document meanwhile).
 */
export function checkRange(range: ByteRange, check: Check, correlation?: Correlation): RangeResult {
  const limit = range.limit ?? DEFAULT_MAX_DOCUMENT_BYTES;
  let owned: { first: number; bytes: Buffer };
  try {
    // threads share the process's descriptors: every lane reads the file the main thread opened
    owned = readOwnedRange(range.fd, range.start, range.end, range.size, limit);
  } catch (error) {
    const why = `cannot read (${(error as Error).message})`;
    throw new SchemaLoadError("io/unreadable", range.name, why, undefined, error);
  }
  const { first, bytes } = owned;
  const notes: Finding[] = [];
  const out: RangeResult = { lines: count(bytes, 0x0a), documents: 0, entries: [], notes, types: {} };
  const places = new LinePlaces(bytes);
  const guess = correlation?.guesser();
  for (const doc of streamLines([bytes], notes, range.start === 0, limit)) {
    const { result, note, value } = checkLine(doc, "jsonl", check, correlation?.note, out.documents);
    out.documents += 1;
    if (note !== undefined) guess?.(note, value, doc);
    if (note !== undefined && note.method === undefined) {
      // where to read it again should its guess not hold (or it has none)
      const { at, bytes } = places.of(doc.line);
      note.at = first + at;
      note.bytes = bytes;
    }
    // every document's type counted here, in the order first met; an entry carries none (counted once)
    countType(out.types, result.type);
    if (result.findings.length > 0 || !result.valid || note !== undefined) {
      const { type: _, ...untyped } = result;
      out.entries.push(note === undefined ? { result: untyped } : { result: untyped, note });
    }
  }
  return out;
}

/** Where each line (1-based, asked in increasing order) begins in a buffer, and its length without the newline. */
class LinePlaces {
  private line = 1;
  private start = 0;

  constructor(private readonly bytes: Buffer) {}

  of(line: number): { at: number; bytes: number } {
    for (; this.line < line; this.line += 1) this.start = this.bytes.indexOf(0x0a, this.start) + 1;
    const end = this.bytes.indexOf(0x0a, this.start);
    return { at: this.start, bytes: (end === -1 ? this.bytes.length : end) - this.start };
  }
}

function count(bytes: Buffer, byte: number): number {
  let n = 0;
  for (let i = bytes.indexOf(byte); i !== -1; i = bytes.indexOf(byte, i + 1)) n += 1;
  return n;
}
