import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  ExitCode,
  type FileFinding,
  formatLocation,
  hasErrors,
  printable,
  UsageError,
} from "@keel/diagnostics";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";

interface Options {
  format: "pretty" | "json";
}

/** `keel lint myloop <run-dir> [--format pretty|json]`: every rule of a whole myloop run directory. */
export function registerLint(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("lint")
    .description("lint a whole myloop run directory (schemas/myloop/README.md and markdown-rules.md)")
    .argument("<protocol>", "the protocol whose run directory to lint (only myloop has one)")
    .argument("<run-dir>", "the run directory, e.g. outputs/design_runs/myloop/{graph}/v{N}/")
    .addOption(new Option("--format <format>", "output format").choices(["pretty", "json"]).default("pretty"))
    .action(async (protocol: string, runDir: string, options: Options) => {
      setExit(await runLint(protocol, runDir, options, io));
    });
}

export async function runLint(protocol: string, runDir: string, options: Options, io: Io): Promise<number> {
  if (protocol !== "myloop") {
    throw new UsageError(`expected protocol myloop (the only one with run directories), found ${protocol}`);
  }
  const dir = resolve(io.cwd, runDir);
  if (!isDirectory(dir)) throw new UsageError(`expected a readable run directory at ${runDir}, found none`);
  const { lintRunDirectory } = await import("@keel/myloop");
  const { findings } = lintRunDirectory(dir);
  const failed = hasErrors(findings);
  if (options.format === "json") {
    const count = (s: string) => findings.filter((f) => f.severity === s).length;
    const summary = { errors: count("error"), warnings: count("warning"), infos: count("info") };
    io.out(`${JSON.stringify({ valid: !failed, runDir, summary, findings }, null, 2)}\n`);
  } else {
    for (const f of findings) io.out(pretty(runDir, f));
    const errors = findings.filter((f) => f.severity === "error").length;
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
