import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "@keel/diagnostics";
import { globSync, isDynamicPattern } from "tinyglobby";

/** What a directory holds that keel validates (the file kinds `readInput` reads). */
const DOCUMENTS = "**/*.{json,jsonl,ndjson,yaml,yml}";

/**
 * The command line's inputs as files, like ajv-cli: `-` is stdin, a directory is walked recursively for
 * `.json`, `.jsonl`, `.ndjson`, `.yaml` and `.yml` files, a quoted glob (`'runs/**\/*.json'`) is expanded
 * by keel; each expansion sorted, so reports are in a stable order. A directory or glob matching nothing is
 * a usage error (exit 2): a CI step pointed at the wrong place must not pass on zero files.
 */
export function expandPaths(args: readonly string[], cwd: string): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (arg === "-" || isFile(resolve(cwd, arg))) out.push(arg);
    else if (isDirectory(resolve(cwd, arg))) out.push(...matches(arg, [DOCUMENTS], cwd, arg));
    else if (isDynamicPattern(arg)) out.push(...matches(arg, [arg], cwd));
    else out.push(arg); // missing: reading it reports that (exit 2)
  }
  return out;
}

function matches(arg: string, patterns: string[], cwd: string, base?: string): string[] {
  const found = globSync(patterns, {
    cwd: base === undefined ? cwd : resolve(cwd, base),
    onlyFiles: true,
    expandDirectories: false,
  })
    .map((f) => (base === undefined ? f : join(base, f)))
    .sort();
  if (found.length === 0)
    throw new UsageError(
      base === undefined
        ? `expected files matching ${arg}, found none`
        : `expected .json, .jsonl, .ndjson, .yaml or .yml files under ${arg}, found none`,
    );
  return found;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
