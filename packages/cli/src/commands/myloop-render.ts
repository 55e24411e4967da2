import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ExitCode, UsageError } from "@keel/diagnostics";
import type { DerivedFile } from "@keel/myloop";
import type { Command } from "commander";
import type { Io } from "../io.js";

interface Options {
  check?: boolean;
}

/** `keel myloop render trace|lineage <run-dir> [--check]`: regenerate a derived markdown file from the records. */
export function registerMyloopRender(program: Command, io: Io, setExit: (code: number) => void): void {
  const myloop = program.command("myloop").description("myloop run-directory tools");
  myloop
    .command("render")
    .description("render trace.md or lineage.md of a run directory from its records")
    .argument("<file>", "trace or lineage")
    .argument("<run-dir>", "the run directory")
    .option("--check", "write nothing; exit 1 when the file differs from a fresh rendering")
    .action(async (kind: string, runDir: string, options: Options) => {
      setExit(await runMyloopRender(kind, runDir, options, io));
    });
}

export async function runMyloopRender(
  kind: string,
  runDir: string,
  options: Options,
  io: Io,
): Promise<number> {
  if (kind !== "trace" && kind !== "lineage")
    throw new UsageError(`expected trace or lineage, found ${kind}`);
  const dir = resolve(io.cwd, runDir);
  if (!isDirectory(dir)) throw new UsageError(`expected a readable run directory at ${runDir}, found none`);
  const { renderRunFile, sameDerived } = await import("@keel/myloop");
  const fresh = renderRunFile(dir, kind as DerivedFile);
  if (fresh === undefined) {
    throw new UsageError(
      `expected a run folder …/myloop/{graph}/v{N}/ or an existing ${kind}.md title naming graph and N, found neither in ${runDir}`,
    );
  }
  const path = join(dir, `${kind}.md`);
  const current = readOrUndefined(path);
  // a markdown formatter may have padded tables or added blank lines: that is not staleness
  const same = current !== undefined && sameDerived(current, fresh);
  if (options.check) {
    const stale = !same;
    const name = join(runDir, `${kind}.md`);
    io.out(`${stale ? "stale" : "ok   "} ${name}\n`);
    // what a fresh rendering would change, as a unified diff (like `prettier --check` users then run)
    if (stale) {
      const { createTwoFilesPatch } = await import("diff"); // loaded only for a stale file
      io.out(createTwoFilesPatch(name, `${name} (rendered)`, current ?? "", fresh, "", "", { context: 2 }));
    }
    return stale ? ExitCode.Failed : ExitCode.Ok;
  }
  if (!same) writeFileSync(path, fresh);
  io.out(`${same ? "unchanged" : "wrote"} ${join(runDir, `${kind}.md`)}\n`);
  return ExitCode.Ok;
}

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

const readOrUndefined = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};
