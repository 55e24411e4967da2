import {
  type CodeDescription,
  ExitCode,
  formatLocation,
  githubAnnotations,
  printable,
  sarifLog,
} from "@keel/diagnostics";
import { type FileResult, type ValidateOptions, validateFiles } from "@keel/validate";
import { type Command, InvalidArgumentError, Option } from "commander";
import { describeCodes } from "../explain/describe.js";
import type { Io } from "../io.js";
import { keelVersion } from "../version.js";

interface Options extends ValidateOptions {
  format: "pretty" | "json" | "github" | "sarif";
  /** findings only: no ok lines, no summary */
  quiet?: boolean;
  /** also the settings used and the summary for a single file */
  verbose?: boolean;
}

/** `keel validate <protocol> [--type T] [--engine ajv|zod] [--format pretty|json] [--jobs N] [--stdin-format F] <file…|->`. */
export function registerValidate(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("validate")
    .description(
      "validate documents against a protocol's canonical schema (.json, .jsonl/.ndjson one per line, .yaml, - for stdin)",
    )
    .argument("<protocol>", "a protocol of schemas/registry.json (myrmo, atif, …)")
    .argument(
      "<file...>",
      "files, directories (walked for .json/.jsonl/.ndjson/.yaml/.yml), quoted globs, or - for stdin",
    )
    .option("--type <type>", "document type (registry name); detected from each document when left out")
    .addOption(new Option("--engine <engine>", "validation engine").choices(["ajv", "zod"]).default("ajv"))
    .addOption(
      new Option("--format <format>", "output format (github: Actions annotations; sarif: SARIF 2.1.0)")
        .choices(["pretty", "json", "github", "sarif"])
        .default("pretty"),
    )
    .addOption(
      new Option("-q, --quiet", "print findings only (no ok lines, no summary)").conflicts("verbose"),
    )
    .option("--verbose", "also print the settings used and a summary for a single file")
    .option(
      "--jobs <n>",
      "threads for .jsonl/.ndjson files and JSON Lines stdin (default 1; at most the number of cores)",
      parseJobs,
    )
    .option("--strict", "treat every warning as an error (exit 1)")
    .option(
      "--allow-empty",
      "accept an input with no documents (an empty file or stdin) instead of failing it",
    )
    .addOption(
      new Option(
        "--stdin-format <format>",
        "how - is read (default: JSON Lines when its first or second non-blank line is a JSON value on its own, else one JSON document)",
      ).choices(["json", "jsonl"]),
    )
    .action(async (protocol: string, files: string[], options: Options) => {
      setExit(await runValidate(protocol, files, options, io));
    });
}

/** Every file in turn (the engine: @keel/validate), then the report; progress drawn on a terminal. */
export async function runValidate(
  protocol: string,
  files: string[],
  options: Options,
  io: Io,
): Promise<number> {
  let drawn = false;
  const progress = io.isTTY
    ? (r: FileResult) => {
        drawn = true;
        io.err(`\r${r.file}: ${r.documents} documents, ${r.invalid} invalid`);
      }
    : undefined;
  const fileDone = () => {
    if (drawn) io.err("\r\x1b[K");
    drawn = false;
  };
  const results = await validateFiles(protocol, files, options, {
    cwd: io.cwd,
    ...(progress ? { progress } : {}),
    fileDone,
  });
  const describe = options.format === "sarif" ? await describeCodes(io.cwd) : undefined;
  return report(protocol, options, results, io, describe);
}

function parseJobs(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`expected a whole number ≥ 1, found "${value}"`);
  return n;
}

function report(
  protocol: string,
  options: Options,
  results: FileResult[],
  io: Io,
  describe?: (code: string) => CodeDescription | undefined,
): number {
  const invalid = results.some((r) => r.invalid > 0);
  if (options.format === "github") io.out(githubAnnotations(results.flatMap((r) => r.findings)));
  else if (options.format === "sarif")
    io.out(
      sarifLog(
        { name: "keel", version: keelVersion() },
        results.flatMap((r) => r.findings),
        describe,
      ),
    );
  else if (options.format === "json") {
    const shown = results.map(({ frames: _, ...r }) => r);
    const type = options.type ?? null;
    io.out(
      `${JSON.stringify({ protocol, type, engine: options.engine, valid: !invalid, files: shown }, null, 2)}\n`,
    );
  } else {
    if (options.verbose)
      io.out(
        `keel validate ${protocol}: engine ${options.engine}, type ${options.type ?? "detected per document"}${options.strict ? ", strict" : ""}\n`,
      );
    for (const r of results) printPretty(r, io, options.quiet === true);
    if (!options.quiet && (results.length > 1 || options.verbose)) io.out(summary(results));
  }
  return invalid ? ExitCode.Failed : ExitCode.Ok;
}

function summary(results: readonly FileResult[]): string {
  const count = (key: "documents" | "invalid") => results.reduce((n, r) => n + r[key], 0);
  const severity = (s: string) =>
    results.reduce((n, r) => n + r.findings.filter((f) => f.severity === s).length, 0);
  return `${results.length} files, ${count("documents")} documents, ${count("invalid")} invalid (${severity("error")} errors, ${severity("warning")} warnings)\n`;
}

function printPretty(r: FileResult, io: Io, quiet: boolean): void {
  const status = r.invalid === 0 ? "ok  " : "FAIL";
  if (!quiet)
    io.out(
      `${status} ${r.file}: ${r.documents} document${r.documents === 1 ? "" : "s"}, ${r.invalid} invalid\n`,
    );
  for (const [i, f] of r.findings.entries()) {
    const at =
      f.line === undefined
        ? undefined
        : { line: f.line, ...(f.column === undefined ? {} : { column: f.column }) };
    io.out(
      `  ${formatLocation(f.file, at)} ${f.code} ${printable(f.message)}${f.pointer ? ` (at ${printable(f.pointer)})` : ""}\n`,
    );
    io.out(r.frames[i] ?? "");
    if (f.hint) io.out(`    hint: ${printable(f.hint)}\n`);
  }
}
