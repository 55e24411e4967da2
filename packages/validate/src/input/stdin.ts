import type { Finding } from "@keel/diagnostics";
import { stripBom } from "./bom.js";
import { chunksOf, isJsonValue, peekLines, replay } from "./byte-source.js";
import { streamLines } from "./json-lines.js";
import type { Input, StdinFormat } from "./raw-document.js";
import { decode } from "./utf8.js";

/**
 * Stdin is JSON Lines, streamed like a file, when its first non-blank line is a complete JSON value on its
 * own, or its second one is a complete object or array (a stream whose first line is broken); otherwise
 * one JSON document, read whole. `--stdin-format` decides instead.
 */
export function readStdin(format: StdinFormat | undefined, notes: Finding[]): Input {
  const chunks = chunksOf(0, "-", false);
  if (format === "jsonl") return { kind: "jsonl", documents: streamLines(chunks, notes), notes };
  const { head, lines } = format === "json" ? { head: Buffer.alloc(0), lines: [] } : peekLines(chunks, 2);
  const source = replay(head, chunks);
  if (format === undefined && looksLikeLines(lines))
    return { kind: "jsonl", documents: streamLines(source, notes), notes };
  const whole = Buffer.concat(Array.from(source, (chunk) => Buffer.from(chunk))); // chunks are reused
  return { kind: "json", documents: [decode(stripBom(whole, notes), 1)], notes };
}

function looksLikeLines([first, second]: string[]): boolean {
  if (first === undefined || isJsonValue(first)) return true;
  return second !== undefined && /^\s*[[{]/.test(second) && isJsonValue(second);
}
