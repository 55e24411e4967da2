import { resolve } from "node:path";
import { ExitCode, UsageError } from "@keel/diagnostics";
import type { Command } from "commander";
import type { Io } from "../io.js";
import { outDir, writeOut } from "./out-dir.js";

/**
 * `keel report <report.json…> --out DIR`: merge JSON reports — shards of one run, runs of several
 * implementations or versions — into one matrix page, a merged report.json and junit.xml, and a badge per run.
 * Exit 0 every run passed, 1 any did not, 2 a report it cannot read (or usage).
 */
export function registerReport(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("report")
    .description("merge conformance JSON reports (shards, implementations, versions) into one HTML matrix")
    .argument("<reports...>", "report.json files written by keel conform --format json (or by keel report)")
    .requiredOption("--out <dir>", "write report.html, report.json, junit.xml and badge-*.svg here")
    .action(async (files: string[], options: { out: string }) => {
      setExit(await runReport(files, options.out, io));
    });
}

async function runReport(files: string[], out: string, io: Io): Promise<number> {
  if (files.length === 0) throw new UsageError("expected at least one report.json");
  const { mergedFiles, readReports } = await import("@keel/conformance-runner");
  const inputs = files.flatMap((f) => readReports(resolve(io.cwd, f)).map((report) => ({ file: f, report })));
  const dir = outDir(io.cwd, out);
  const { files: written, passed } = mergedFiles(inputs);
  const failure = writeOut(dir, written);
  if (failure) {
    io.err(`keel: ${failure}\n`);
    return ExitCode.Usage;
  }
  io.out(
    `${inputs.length} reports merged into ${written.length} files in ${out}: ${written.map(([n]) => n).join(", ")}\n`,
  );
  return passed ? ExitCode.Ok : ExitCode.Failed;
}
