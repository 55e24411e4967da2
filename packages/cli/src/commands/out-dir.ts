import { mkdirSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { UsageError } from "@keel/diagnostics";

/**
 * The folder an `--out <dir>` names, made and proven writable before anything runs: a path under a file,
 * in a read-only folder or on a pseudo file system (`/proc/…`) is a usage error (exit 2, one line), not a
 * crash or a hang after the whole run. Missing folders are made one at a time (Node's recursive mkdir
 * spins forever under /proc); a probe file is written and removed.
 */
export function outDir(cwd: string, value: string, flag = "--out"): string {
  if (value.trim() === "") throw new UsageError(`expected ${flag} to name a folder, found nothing`);
  const dir = resolve(cwd, value);
  const refuse = (why: string) =>
    new UsageError(`expected ${flag} to be a folder (made if missing), found ${why}`);
  const missing: string[] = [];
  let at = dir;
  for (let stat = statOf(at); stat === undefined; stat = statOf(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
    at = dirname(at);
  }
  const existing = statOf(at);
  if (existing !== undefined && !existing.isDirectory())
    throw refuse(
      at === dir
        ? `an existing file ${value}`
        : `a file at ${relative(cwd, at) || at} (no folder can be made under it)`,
    );
  const made: string[] = [];
  try {
    for (const folder of missing) {
      mkdirSync(folder);
      made.push(folder);
    }
    const probe = join(dir, `.keel-write-check-${process.pid}`);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (error) {
    for (const folder of made.reverse()) rmdirSync(folder);
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw refuse(`${value} cannot be made or written (${why})`);
  }
  return dir;
}

const statOf = (path: string) => {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
};

/**
 * Each report's file written into `dir`; the first failure is returned as one line (the verdict is printed
 * and the exit code kept by the caller: a full disk at the end must not lose the run).
 */
export function writeOut(
  dir: string,
  files: readonly (readonly [name: string, text: string])[],
): string | undefined {
  for (const [name, text] of files) {
    try {
      writeFileSync(join(dir, name), text);
    } catch (error) {
      return `cannot write ${join(dir, name)} (${(error as Error).message}): the reports above are the run's only record`;
    }
  }
  return undefined;
}
