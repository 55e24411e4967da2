import { statSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "@keel/diagnostics";

/**
 * The folder an `--out <dir>` names, checked before anything runs: a path that exists but is not a
 * folder is a usage error (exit 2), not a crash after the whole suite has run. A missing folder is made later.
 */
export function outDir(cwd: string, value: string, flag = "--out"): string {
  if (value.trim() === "") throw new UsageError(`expected ${flag} to name a folder, found nothing`);
  const dir = resolve(cwd, value);
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory())
    throw new UsageError(
      `expected ${flag} to be a folder (made if missing), found an existing file ${value}`,
    );
  return dir;
}
