import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { relative } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import { issue } from "./rules/finding.js";

// Larger than any real run file; V8 cannot hold strings much over 512 MB anyway.
const MAX_BYTES = 256 * 1024 * 1024;

// What could not be read during the current lint, reported once as findings (lint is synchronous).
let unreadable = new Map<string, FileFinding>();
let root = "";

/** Start collecting what cannot be read under run directory `dir`; returns a function giving the findings. */
export function collectUnreadable(dir: string): () => FileFinding[] {
  unreadable = new Map();
  root = dir;
  return () => [...unreadable.values()];
}

function refuse(path: string, kind: "file" | "directory", found: string): undefined {
  const file = root === "" ? path : relative(root, path) || ".";
  unreadable.set(path, {
    ...issue("unreadable", "error", `expected a readable ${kind}, found ${found}`),
    file,
  });
  return undefined;
}

/** A file's text; undefined when it is missing, or (reported) a directory, unreadable or too large. */
export function readFileSafe(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return refuse(path, "file", "a directory");
    if (stat.size > MAX_BYTES) return refuse(path, "file", `${stat.size} bytes, more than ${MAX_BYTES}`);
    return readFileSync(path, "utf8");
  } catch (error) {
    return refuse(
      path,
      "file",
      `an error reading it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/** A directory's entry names; [] when it is missing, or (reported) a file or unreadable. */
export function listDirSafe(path: string): string[] {
  if (!existsSync(path)) return [];
  try {
    if (!statSync(path).isDirectory()) return refuse(path, "directory", "a file") ?? [];
    return readdirSync(path);
  } catch (error) {
    return (
      refuse(
        path,
        "directory",
        `an error listing it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      ) ?? []
    );
  }
}

/** Whether `path` is a directory (false when missing or unreadable). */
export function isDirSafe(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
