import { closeSync, openSync } from "node:fs";
import type { Finding } from "@keel/diagnostics";
import { readOwnedLines } from "./byte-range.js";
import { type Check, checkOne } from "./check-file.js";
import type { RangeResult } from "./parallel.js";
import { streamLines } from "./read-input.js";

/** A worker's share of a JSON Lines file: read the lines a byte range owns and check each. */
export function checkRange(
  range: { path: string; start: number; end: number; size: number },
  check: Check,
): RangeResult {
  const fd = openSync(range.path, "r");
  let bytes: Buffer;
  try {
    bytes = readOwnedLines(fd, range.start, range.end, range.size);
  } finally {
    closeSync(fd);
  }
  const notes: Finding[] = [];
  const out: RangeResult = {
    lines: count(bytes, 0x0a),
    documents: 0,
    invalid: 0,
    findings: [],
    frames: [],
    notes,
  };
  for (const doc of streamLines([bytes], notes, range.start === 0)) {
    const r = checkOne(doc, "jsonl", check);
    out.documents += 1;
    if (!r.valid) out.invalid += 1;
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
