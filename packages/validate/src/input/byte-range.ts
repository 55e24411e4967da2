import { readSync } from "node:fs";

const BLOCK = 1 << 16;

/**
 * The bytes of the JSON Lines that a byte range [start, end) of a file of `size` bytes owns: every line
 * that starts inside it, whole (the last one read on past `end` to its newline). Ranges that tile a file
 * own each line exactly once, so workers can read them in parallel without the main thread copying lines.
 * The last line is read on at most `limit` + 1 bytes past `end`: a longer one is refused by its reader.
 */
export function readOwnedLines(
  fd: number,
  start: number,
  end: number,
  size: number,
  limit = Number.POSITIVE_INFINITY,
): Buffer {
  return readOwnedRange(fd, start, end, size, limit).bytes;
}

/** The same, with `first`: where in the file those bytes begin. */
export function readOwnedRange(
  fd: number,
  start: number,
  end: number,
  size: number,
  limit = Number.POSITIVE_INFINITY,
): { first: number; bytes: Buffer } {
  const first = start === 0 ? 0 : (afterNewline(fd, start - 1) ?? size);
  if (first >= end) return { first, bytes: Buffer.alloc(0) };
  const body = read(fd, first, end);
  if (body.length === 0 || body[body.length - 1] === 0x0a || end >= size) return { first, bytes: body };
  const tail = Math.min(afterNewline(fd, end, limit + 1) ?? size, end + limit + 1);
  return { first, bytes: Buffer.concat([body, read(fd, end, tail)]) };
}

/** The position just after the first newline at or after `from` (within `within` bytes); undefined when there is none. */
function afterNewline(fd: number, from: number, within = Number.POSITIVE_INFINITY): number | undefined {
  const block = Buffer.allocUnsafe(BLOCK);
  for (let at = from; at - from < within; at += BLOCK) {
    const n = readSync(fd, block, 0, BLOCK, at);
    if (n === 0) return undefined;
    const nl = block.subarray(0, n).indexOf(0x0a);
    if (nl !== -1) return at + nl + 1;
  }
  return undefined;
}

/** Bytes [from, to) of the file (fewer if it ends first). */
function read(fd: number, from: number, to: number): Buffer {
  const into = Buffer.allocUnsafe(Math.max(0, to - from));
  let n = 0;
  while (n < into.length) {
    const got = readSync(fd, into, n, into.length - n, from + n);
    if (got === 0) break;
    n += got;
  }
  return into.subarray(0, n);
}
