import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { SchemaLoadError } from "@keel/schema-model";

/** Open a file to read; a missing or unreadable one is an IO error (exit 2) naming it as the user did. */
export function openFile(path: string, name: string): number {
  try {
    return openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code === "ENOENT" ? "io/not-found" : "io/unreadable";
    throw new SchemaLoadError(code, name, `cannot read file (${(error as Error).message})`, undefined, error);
  }
}

/**
 * A whole file's bytes, or undefined when it holds more than `limit` (a regular file told by its size, a
 * device or FIFO read up to one byte past the bound); errors as openFile.
 */
export function readBounded(path: string, name: string, limit: number): Buffer | undefined {
  const fd = openFile(path, name);
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > limit) return undefined;
    return readUpTo(fd, name, limit);
  } finally {
    closeSync(fd);
  }
}

/** Bytes of `fd` to its end, or undefined once more than `limit` have come (nothing more is read). */
export function readUpTo(fd: number, name: string, limit: number): Buffer | undefined {
  const parts: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EOF") n = 0;
      else
        throw new SchemaLoadError(
          "io/unreadable",
          name,
          `cannot read file (${(error as Error).message})`,
          undefined,
          error,
        );
    }
    if (n === 0) return Buffer.concat(parts, total);
    parts.push(chunk.subarray(0, n));
    total += n;
    if (total > limit) return undefined;
  }
}
