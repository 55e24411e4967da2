import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  ExitCode,
  type FileFinding,
  formatLocation,
  githubAnnotations,
  hasErrors,
  printable,
  sarifLog,
  UsageError,
} from "@keel/diagnostics";
import { type Command, Option } from "commander";
import { describeCodes } from "../explain/describe.js";
import type { Io } from "../io.js";
import { keelVersion } from "../version.js";

interface Options {
  format: "pretty" | "json" | "github" | "sarif";
  /** every warning is an error */
  strict?: boolean;
  /** findings only, no status lines */
  quiet?: boolean;
}

/** `keel lint myloop <run-dir> [--format pretty|json]`: every rule of a whole myloop run directory. */
export function registerLint(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("lint")
    .description("lint a whole myloop run directory (schemas/myloop/README.md and markdown-rules.md)")
    .argument("<protocol>", "the protocol whose run directory to lint (only myloop has one)")
    .argument("<run-dir...>", "run directories, e.g. outputs/design_runs/myloop/{graph}/v{N}/")
    .addOption(
      new Option("--format <format>", "output format (github: Actions annotations; sarif: SARIF 2.1.0)")
        .choices(["pretty", "json", "github", "sarif"])
        .default("pretty"),
    )
    .option("--strict", "treat every warning as an error (exit 1)")
    .option("-q, --quiet", "print findings only (no status lines)")
    .action(async (protocol: string, runDirs: string[], options: Options) => {
      setExit(await runLints(protocol, runDirs, options, io));
    });
}

/** Several run directories: each linted in turn; machine formats report them together. */
export async function runLints(
  protocol: string,
  runDirs: string[],
  options: Options,
  io: Io,
): Promise<number> {
  if (runDirs.length === 1 || options.format === "pretty") {
    let code: number = ExitCode.Ok;
    for (const dir of runDirs) code = Math.max(code, await runLint(protocol, dir, options, io));
    return code;
  }
  const runs: { runDir: string; findings: FileFinding[] }[] = [];
  for (const runDir of runDirs)
    runs.push({ runDir, findings: await lintFindings(protocol, runDir, options, io) });
  const failed = runs.some((r) => hasErrors(r.findings));
  const located = runs.flatMap((r) => r.findings.map((f) => ({ ...f, file: join(r.runDir, f.file) })));
  if (options.format === "github") io.out(githubAnnotations(located));
  else if (options.format === "sarif")
    io.out(sarifLog({ name: "keel", version: keelVersion() }, located, await describeCodes(io.cwd)));
  else
    io.out(
      `${JSON.stringify({ valid: !failed, runs: runs.map((r) => ({ valid: !hasErrors(r.findings), runDir: r.runDir, summary: summaryOf(r.findings), findings: r.findings })) }, null, 2)}\n`,
    );
  return failed ? ExitCode.Failed : ExitCode.Ok;
}

const summaryOf = (findings: readonly FileFinding[]) => {
  const count = (s: string) => findings.filter((f) => f.severity === s).length;
  return { errors: count("error"), warnings: count("warning"), infos: count("info") };
};

async function lintFindings(
  protocol: string,
  runDir: string,
  options: Options,
  io: Io,
): Promise<FileFinding[]> {
  if (protocol !== "myloop") {
    throw new UsageError(`expected protocol myloop (the only one with run directories), found ${protocol}`);
  }
  const dir = resolve(io.cwd, runDir);
  if (!isDirectory(dir)) throw new UsageError(`expected a readable run directory at ${runDir}, found none`);
  const { lintRunDirectory } = await import("@keel/myloop");
  const { findings } = lintRunDirectory(dir);
  // --strict: a warning fails the run like an error (infos stay notes)
  return options.strict
    ? findings.map((f) => (f.severity === "warning" ? { ...f, severity: "error" as const } : f))
    : findings;
}

export async function runLint(protocol: string, runDir: string, options: Options, io: Io): Promise<number> {
  const findings = await lintFindings(protocol, runDir, options, io);
  const failed = hasErrors(findings);
  const located = () => findings.map((f) => ({ ...f, file: join(runDir, f.file) }));
  if (options.format === "github") io.out(githubAnnotations(located()));
  else if (options.format === "sarif")
    io.out(sarifLog({ name: "keel", version: keelVersion() }, located(), await describeCodes(io.cwd)));
  else if (options.format === "json") {
    io.out(
      `${JSON.stringify({ valid: !failed, runDir, summary: summaryOf(findings), findings }, null, 2)}\n`,
    );
  } else {
    for (const f of findings) io.out(pretty(runDir, f));
    const errors = findings.filter((f) => f.severity === "error").length;
    if (!options.quiet)
      io.out(
        `${failed ? "FAIL" : "ok  "} ${runDir}: ${plural(errors, "error")}, ${plural(findings.length - errors, "warning or note", "warnings and notes")}\n`,
      );
  }
  return failed ? ExitCode.Failed : ExitCode.Ok;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

function pretty(runDir: string, f: FileFinding): string {
  const where = formatLocation(join(runDir, f.file), f.line === undefined ? undefined : { line: f.line });
  const pointer = f.pointer ? ` (at ${f.pointer})` : "";
  const hint = f.hint ? `\n    hint: ${f.hint}` : "";
  return `${where} ${f.severity} ${f.code} ${printable(f.message)}${pointer}${hint}\n`;
}
