import type { Finding } from "@keel/diagnostics";
import { SchemaLoadError } from "@keel/schema-model";
import { type Check, checkOne, countType } from "../check/check-file.js";
import { readOwnedLines } from "../input/byte-range.js";
import { streamLines } from "../input/json-lines.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "../input/limits.js";
import type { ByteRange, RangeResult } from "./messages.js";

/** A worker's share of a JSON Lines file: read the lines a byte range owns and check each. */
export function checkRange(range: ByteRange, check: Check): RangeResult {
  const limit = range.limit ?? DEFAULT_MAX_DOCUMENT_BYTES;
  let bytes: Buffer;
  try {
    // threads share the process's descriptors: every lane reads the file the main thread opened
    bytes = readOwnedLines(range.fd, range.start, range.end, range.size, limit);
  } catch (error) {
    const why = `cannot read (${(error as Error).message})`;
    throw new SchemaLoadError("io/unreadable", range.name, why, undefined, error);
  }
  const notes: Finding[] = [];
  const out: RangeResult = {
    lines: count(bytes, 0x0a),
    documents: 0,
    invalid: 0,
    findings: [],
    frames: [],
    notes,
    types: {},
  };
  for (const doc of streamLines([bytes], notes, range.start === 0, limit)) {
    const r = checkOne(doc, "jsonl", check);
    out.documents += 1;
    if (!r.valid) out.invalid += 1;
    countType(out.types, r.type);
    out.findings.push(...r.findings);
    out.frames.push(...r.frames);
  }
  return out;
}

function count(bytes: Buffer, byte: number): number {
  let n = 0;
  for (let i = bytes.indexOf(byte); i !== -1; i = bytes.indexOf(byte, i + 1)) n += 1;
  return n;
}
