import { cpSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ExitCode, KeelError } from "@keel/diagnostics";
import { Command, CommanderError } from "commander";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { registerBump } from "../src/commands/bump.js";
import { registerCompat } from "../src/commands/compat.js";
import type { Io } from "../src/io.js";
import { main } from "../src/main.js";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const shared = process.env.KEEL_SHARED ?? join(repoRoot, "..", "shared");

/**
 * compat and bump in-process, with main's error handling (KeelError → "keel: message" + its exit code).
 * `extra` registers more commands (a stand-in `gen`).
 */
export async function keel(args: string[], cwd = repoRoot, extra?: (p: Command, io: Io) => void) {
  let stdout = "";
  let stderr = "";
  let code: number = ExitCode.Ok;
  const io: Io = {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
    cwd,
  };
  const program = new Command("keel").exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err });
  const setExit = (c: number) => {
    code = c;
  };
  registerCompat(program, io, setExit);
  registerBump(program, io, setExit);
  extra?.(program, io);
  // findRoot prefers KEEL_ROOT: point it at `cwd`, so a bump never writes outside the copy under test
  const saved = process.env.KEEL_ROOT;
  process.env.KEEL_ROOT = cwd;
  try {
    await program.parseAsync(args, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) code = ExitCode.Usage;
    else if (error instanceof KeelError) {
      stderr += `keel: ${error.message}\n`;
      code = error.exitCode;
    } else throw error;
  } finally {
    if (saved === undefined) delete process.env.KEEL_ROOT;
    else process.env.KEEL_ROOT = saved;
  }
  return { code, stdout, stderr };
}

/** A copy of the repository's schemas/ (and nothing else) to bump in; removed after the test file. */
export function repoCopy(): string {
  const copy = tempDir("keel-bump-");
  cpSync(join(repoRoot, "schemas"), join(copy, "schemas"), { recursive: true });
  return copy;
}

/** The whole `keel` program in-process from the repository root, its output captured (no colour, no progress
 * line unless `isTTY`). */
export async function runMain(args: string[], isTTY = false) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: repoRoot, isTTY });
  return { code, out, err };
}
