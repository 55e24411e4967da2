import { openSync, readFileSync } from "node:fs";
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

/** A whole file's bytes; errors as openFile. */
export function readBytes(source: string, name: string): Buffer {
  try {
    return readFileSync(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code === "ENOENT" ? "io/not-found" : "io/unreadable";
    throw new SchemaLoadError(code, name, `cannot read file (${(error as Error).message})`, undefined, error);
  }
}
