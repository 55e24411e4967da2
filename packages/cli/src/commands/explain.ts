import { ExitCode, UsageError } from "@keel/diagnostics";
import { findRoot } from "@keel/schema-model";
import type { Command } from "commander";
import type { Io } from "../io.js";

interface Options {
  all?: boolean;
  format: string;
}

/** `keel explain <code>` / `keel explain --all [--format markdown|json]`: what a finding code means. */
export function registerExplain(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("explain")
    .description("print what a finding code means, the clause it enforces and an example")
    .argument("[code]", "a finding code, e.g. schema/max-length or atif/step-id-sequence")
    .option("--all", "every code keel reports")
    .option("--format <format>", "text, markdown or json", "text")
    .action(async (code: string | undefined, options: Options) => {
      setExit(await runExplain(code, options, io));
    });
}

export async function runExplain(code: string | undefined, options: Options, io: Io): Promise<number> {
  if (!["text", "markdown", "json"].includes(options.format))
    throw new UsageError(`expected --format text, markdown or json, found ${options.format}`);
  if ((code === undefined) === (options.all !== true))
    throw new UsageError(
      `expected a finding code or --all, found ${code === undefined ? "neither" : "both"}`,
    );
  // the index pulls in every package's code list (compat, the conformance runner, …): only when explain runs
  const { codeIndex, codesMarkdown, explainText, nearestCodes } = await import("../explain/index.js");
  const entries = await codeIndex(findRoot(io.cwd));
  const chosen = code === undefined ? entries : entries.filter((e) => e.code === code);
  if (chosen.length === 0) {
    const near = nearestCodes(code ?? "", entries);
    throw new UsageError(`expected a known finding code, found "${code}"; nearest: ${near.join(", ")}`);
  }
  if (options.format === "json") io.out(`${JSON.stringify(chosen, null, 2)}\n`);
  else if (options.format === "markdown") io.out(codesMarkdown(chosen));
  else io.out(chosen.map(explainText).join("\n"));
  return ExitCode.Ok;
}
