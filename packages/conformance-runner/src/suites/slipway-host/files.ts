import { lstatSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { NamedFile } from "./call.js";

/** Files larger than this are recorded by path only (their bytes are not kept). */
const MAX_KEPT = 4 << 20;

/**
 * Every regular file an argument names (the argument itself, or the value of `--flag=value`), read by
 * keel while the call waits for its answer, so the bytes are those the host handed slipway.
 */
export function namedFiles(argv: readonly string[], cwd: string): Record<string, NamedFile> {
  const files: Record<string, NamedFile> = {};
  for (const arg of argv)
    for (const p of [arg, arg.startsWith("--") && arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : ""]) {
      if (!p || Object.hasOwn(files, p)) continue;
      const path = resolve(cwd, p);
      try {
        const st = statSync(path);
        if (!st.isFile()) continue;
        const bytes = st.size <= MAX_KEPT ? readFileSync(path) : Buffer.alloc(0);
        files[p] = { path, bytes, mode: st.mode & 0o777, symlink: lstatSync(path).isSymbolicLink() };
      } catch {
        // not a file: an id, a flag, a word of the goal
      }
    }
  return files;
}

const KEPT_ENV = /^(PATH|HOME|SLIPWAY|SLIPWAY_.*|GIT_.*)$/;

/** The environment variables a slipway call relies on. */
export const envKept = (env: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter(([k]) => KEPT_ENV.test(k)));
