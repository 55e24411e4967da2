import { closeSync, readSync } from "node:fs";
import { SchemaLoadError } from "@keel/schema-model";

const CHUNK = 1 << 20;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * The bytes of a file descriptor, a chunk at a time (1 MB). The chunk buffer is reused: a consumer
 * copies what it keeps before asking for the next one. `close` closes the descriptor when done (not stdin).
 */
export function* chunksOf(fd: number, name: string, close: boolean): Generator<Buffer> {
  const chunk = Buffer.allocUnsafe(CHUNK);
  try {
    for (let n = readSome(fd, chunk, name); n > 0; n = readSome(fd, chunk, name)) yield chunk.subarray(0, n);
  } finally {
    if (close) closeSync(fd);
  }
}

function readSome(fd: number, into: Buffer, name: string): number {
  for (;;) {
    try {
      return readSync(fd, into, 0, into.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // a non-blocking stdin (some pipes, a terminal) has nothing yet: wait a little, synchronously
      if (code === "EAGAIN") Atomics.wait(pause, 0, 0, 5);
      else if (code === "EOF") return 0;
      else
        throw new SchemaLoadError(
          "io/unreadable",
          name,
          `cannot read (${(error as Error).message})`,
          undefined,
          error,
        );
    }
  }
}

/**
 * Read just far enough to see the first `count` non-blank lines (or the end): returns the bytes read so far
 * (copied) and those lines, BOM and `\r` dropped. Memory: up to the last of them, and no more than
 * `limit` bytes (then the lines seen so far).
 */
export function peekLines(
  chunks: Iterator<Buffer>,
  count: number,
  limit = Number.POSITIVE_INFINITY,
): { head: Buffer; lines: string[] } {
  let seen: Buffer[] = [];
  let seenBytes = 0;
  let scanned = 0;
  const lines: string[] = [];
  for (let next = chunks.next(); ; next = chunks.next()) {
    if (!next.done) {
      seen.push(Buffer.from(next.value));
      seenBytes += next.value.length;
      if (seenBytes > limit) return { head: Buffer.concat(seen), lines };
      if (!next.value.includes(0x0a)) continue;
    }
    const head = Buffer.concat(seen);
    seen = [head];
    for (let nl = head.indexOf(0x0a, scanned); nl !== -1 || next.done; nl = head.indexOf(0x0a, scanned)) {
      const line = head.subarray(scanned, nl === -1 ? head.length : nl);
      const text = line.toString("utf8").replace(/^\uFEFF/, "");
      if (text.trim() !== "") lines.push(text.replace(/\r$/, ""));
      if (lines.length === count || nl === -1) return { head, lines };
      scanned = nl + 1;
    }
  }
}

/** `head`, then the rest of `chunks`. */
export function* replay(head: Buffer, chunks: Iterator<Buffer>): Generator<Buffer> {
  try {
    if (head.length > 0) yield head;
    for (let next = chunks.next(); !next.done; next = chunks.next()) yield next.value;
  } finally {
    chunks.return?.();
  }
}

/** Whether `text` is one complete JSON value: the first line of a JSON Lines stream is. */
export function isJsonValue(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
