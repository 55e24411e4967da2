import type { Finding } from "@keel/diagnostics";
import { stripBom } from "./bom.js";
import { chunksOf, isJsonValue, peekLines, replay } from "./byte-source.js";
import { streamLines } from "./json-lines.js";
import { tooLarge } from "./limits.js";
import type { Input, StdinFormat } from "./raw-document.js";
import { decode } from "./utf8.js";

/**
 * Stdin is JSON Lines, streamed like a file, when its first non-blank line is a complete JSON value on its
 * own, or its second one is a complete object or array (a stream whose first line is broken); otherwise
 * one JSON document, read whole. `--stdin-format` decides instead.
 */
export function readStdin(format: StdinFormat | undefined, notes: Finding[], limit: number): Input {
  const chunks = chunksOf(0, "-", false);
  if (format === "jsonl") return { kind: "jsonl", documents: streamLines(chunks, notes, true, limit), notes };
  // no newline within the bound: seen as JSON Lines, whose first line is then too large
  const { head, lines } =
    format === "json" ? { head: Buffer.alloc(0), lines: [] } : peekLines(chunks, 2, limit);
  const source = replay(head, chunks);
  if (format === undefined && looksLikeLines(lines))
    return { kind: "jsonl", documents: streamLines(source, notes, true, limit), notes };
  const whole = wholeUpTo(source, limit);
  const doc = whole === undefined ? tooLarge(limit, 1, "document") : decode(stripBom(whole, notes), 1);
  return { kind: "json", documents: [doc], notes };
}

/** Every chunk joined (copied: chunks are reused), or undefined once past `limit` (nothing more is read). */
function wholeUpTo(source: Generator<Buffer>, limit: number): Buffer | undefined {
  const parts: Buffer[] = [];
  let total = 0;
  for (const chunk of source) {
    total += chunk.length;
    if (total > limit) {
      source.return(undefined);
      return undefined;
    }
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts, total);
}

function looksLikeLines([first, second]: string[]): boolean {
  if (first === undefined || isJsonValue(first)) return true;
  return second !== undefined && /^\s*[[{]/.test(second) && isJsonValue(second);
}
