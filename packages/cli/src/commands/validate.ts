import { availableParallelism } from "node:os";
import {
  type CodeDescription,
  ExitCode,
  formatLocation,
  githubAnnotations,
  printable,
  sarifLog,
} from "@keel/diagnostics";
import {
  DEFAULT_MAX_DOCUMENT_BYTES,
  type FileResult,
  formatBytes,
  MIN_DOCUMENT_BYTES,
  parseBytes,
  type ValidateOptions,
  validateFiles,
} from "@keel/validate";
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
    .option(
      "--max-document-size <size>",
      `the bound on one document: a .json/.yaml file, stdin read whole, one JSON Lines line (default ${formatBytes(DEFAULT_MAX_DOCUMENT_BYTES)}; e.g. 256MiB, 1GiB)`,
      parseSize,
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
    .action(async (protocol: string, files: string[], options: Options & { maxDocumentSize?: number }) => {
      const { maxDocumentSize, ...rest } = options;
      const settings = maxDocumentSize === undefined ? rest : { ...rest, maxDocumentBytes: maxDocumentSize };
      setExit(await runValidate(protocol, files, settings, io));
    });
}

/** Every file in turn (the engine: @keel/validate), then the report; progress drawn on a terminal. */
export async function runValidate(
  protocol: string,
  files: string[],
  options: Options,
  io: Io,
): Promise<number> {
  const cores = availableParallelism();
  if (options.jobs !== undefined && options.jobs > cores) {
    io.err(`keel: --jobs ${options.jobs} is more than this machine's ${cores} cores: using ${cores}\n`);
    options = { ...options, jobs: cores };
  }
  // progress on a terminal only, and only beside the pretty report: never in pipes or machine formats
  let drawn = false;
  let findings = 0;
  let done = 0;
  const started = Date.now();
  const progress =
    io.isTTY && options.format === "pretty"
      ? (r: FileResult) => {
          drawn = true;
          const seconds = Math.max((Date.now() - started) / 1000, 0.001);
          const rate = Math.round((done + r.documents) / seconds);
          io.err(
            `\r\x1b[K${r.file}: ${r.documents} documents, ${r.invalid} invalid, ${findings + r.findings.length} findings so far (${rate} documents/s)`,
          );
        }
      : undefined;
  const fileDone = (r: FileResult) => {
    if (drawn) io.err("\r\x1b[K");
    drawn = false;
    findings += r.findings.length;
    done += r.documents;
  };
  const results = await validateFiles(protocol, files, options, {
    cwd: io.cwd,
    ...(progress ? { progress } : {}),
    fileDone,
  });
  const describe = options.format === "sarif" ? await describeCodes(io.cwd) : undefined;
  return report(protocol, options, results, io, describe);
}

function parseSize(value: string): number {
  const n = parseBytes(value);
  if (n === undefined || n < MIN_DOCUMENT_BYTES)
    throw new InvalidArgumentError(
      `expected a size of at least ${formatBytes(MIN_DOCUMENT_BYTES)} (bytes, or with KiB, MiB, GiB), found "${value}"`,
    );
  return n;
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
        // the type each file's documents were checked as: a detected type is a verdict's premise
        { protocol, types: Object.fromEntries(results.map((r) => [r.file, r.types])) },
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
    for (const r of results) printPretty(r, io, options.quiet === true, options.verbose === true);
    if (!options.quiet && (results.length > 1 || options.verbose)) io.out(summary(results));
  }
  return invalid ? ExitCode.Failed : ExitCode.Ok;
}

/** ", checked as Result" (one document), ", checked as request ×3, response ×2" (several). */
function checkedAs(r: FileResult): string {
  const types = Object.entries(r.types);
  if (types.length === 0) return r.documents === 0 ? "" : ", no type fits";
  return `, checked as ${types.map(([t, n]) => (r.documents === 1 ? t : `${t} ×${n}`)).join(", ")}`;
}

function summary(results: readonly FileResult[]): string {
  const count = (key: "documents" | "invalid") => results.reduce((n, r) => n + r[key], 0);
  const severity = (s: string) =>
    results.reduce((n, r) => n + r.findings.filter((f) => f.severity === s).length, 0);
  return `${results.length} files, ${count("documents")} documents, ${count("invalid")} invalid (${severity("error")} errors, ${severity("warning")} warnings)\n`;
}

function printPretty(r: FileResult, io: Io, quiet: boolean, verbose: boolean): void {
  const status = r.invalid === 0 ? "ok  " : "FAIL";
  if (!quiet)
    io.out(
      `${status} ${r.file}: ${r.documents} document${r.documents === 1 ? "" : "s"}, ${r.invalid} invalid${verbose ? checkedAs(r) : ""}\n`,
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
