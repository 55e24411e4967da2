import { resolve } from "node:path";
import { ExitCode, UsageError } from "@keel/diagnostics";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";
import { flagsHelp, ownOptions, recordingHelp } from "./conform-own.js";
import { outDir, writeOut } from "./out-dir.js";

interface Options {
  target?: string;
  requirements?: boolean;
  format?: string;
  reporter?: string;
  out?: string;
  maxCases: string;
  golden?: string;
  baseline?: string;
  timeout: string;
  strict?: boolean;
  shard?: string;
  label?: string;
}

/**
 * `keel conform <suite> --target CMD|URL`: run a conformance suite (and any golden exchanges) against
 * an implementation. Exit 0 all pass, 1 any fail, 2 usage or could not start.
 */
export function registerConform(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("conform")
    .description("run a conformance suite against an implementation")
    .argument("<suite>", "the conformance suite (an unknown name is refused with the list)")
    .option(
      "--target <command|url>",
      "what to test: a command (split into words, run without a shell unless it uses shell syntax) or an http(s) URL",
    )
    .option(
      "--requirements",
      "print the protocol's requirements and the checks that test each (no --target needed)",
    )
    .option(
      "--format <names>",
      "comma-separated reports: pretty, json, junit, sarif, github, html (default pretty)",
    )
    .addOption(new Option("--reporter <names>", "alias of --format").hideHelp())
    .option(
      "--out <dir>",
      "write each report's file here (report.txt, report.json, junit.xml, report.sarif, report.html; pretty and github still print)",
    )
    .option("--max-cases <n>", "run at most n cases of the listed grid", "20")
    .option("--golden <dir>", "also replay the golden exchanges (*.json) in this folder")
    .option("--baseline <file>", "expected-failures baseline (YAML) of this implementation")
    .option("--strict", "deviations the suite otherwise reports as warnings fail")
    .addOption(
      new Option("--timeout <ms>", "the per-wait limit without progress, in ms (every suite)").default(
        "5000",
      ),
    )
    // a suite's own options (Suite.flags) are read once the runner is loaded: `--requirements` lists them
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText(
      "after",
      "\nA suite may take options of its own (--name VALUE); keel conform <suite> --requirements lists them.",
    )
    .option(
      "--shard <i/n>",
      "run only shard i of n (golden exchanges and the suite's independent units); keel report merges them",
    )
    .option(
      "--label <name>",
      "the implementation's name in reports and in keel report's matrix (default: the target)",
    )
    .action(async (suite: string, options: Options, command: Command) => {
      setExit(await runConform(suite, options, io, command.args.slice(1)));
    });
}

export async function runConform(
  suite: string,
  options: Options,
  io: Io,
  rest: readonly string[] = [],
): Promise<number> {
  // loaded when the command runs, so other commands do not pay for it at start-up
  const { conform, coverageTable, findSuite, parseShard, reporters } = await import(
    "@keel/conformance-runner"
  );
  const { flags = [], recording } = findSuite(suite);
  if (options.requirements) {
    io.out(coverageTable(suite));
    if (flags.length) io.out(`\noptions of the ${suite} suite:\n${flagsHelp(flags)}`);
    io.out(recordingHelp(suite, recording));
    return ExitCode.Ok;
  }
  const own = ownOptions(suite, flags, rest);
  if (options.target === undefined) throw new UsageError("expected --target (or --requirements)");
  const names = (options.format ?? options.reporter ?? "pretty")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(n in reporters));
  if (names.length === 0 || unknown.length)
    throw new UsageError(
      `expected reporters among ${Object.keys(reporters).join(", ")}, found ${unknown.join(", ") || "none"}`,
    );
  const maxCases = positive("--max-cases", options.maxCases);
  const idleMs = positive("--timeout", options.timeout);
  const dir = options.out !== undefined ? outDir(io.cwd, options.out) : undefined;
  // a progress line redrawn in place on a terminal, erased before the report
  const progress =
    io.isTTY && names.includes("pretty") ? (text: string) => io.err(`\r\x1b[K${text}`) : undefined;
  const report = await conform({
    suite,
    target: options.target,
    cwd: io.cwd,
    maxCases,
    timeouts: { idleMs, capMs: Math.max(idleMs * 6, 30_000) },
    ...(options.strict ? { strict: true } : {}),
    ...(options.golden ? { golden: resolve(io.cwd, options.golden) } : {}),
    ...(options.baseline ? { baseline: resolve(io.cwd, options.baseline) } : {}),
    ...(progress ? { onProgress: progress } : {}),
    own,
    ...(options.shard ? { shard: parseShard(options.shard) } : {}),
    ...(options.label ? { implementation: options.label } : {}),
  }).finally(() => progress && io.err("\r\x1b[K"));
  if (dir) {
    const files = names.flatMap((n) => {
      const file = reporters[n]?.file;
      return file ? [[file, reporters[n]?.render(report) ?? ""] as const] : [];
    });
    const failure = writeOut(dir, files);
    // a report that could not be written: the verdict table still printed, the verdict's exit code kept
    const shown = names.filter((x) => x === "pretty" || !reporters[x]?.file);
    if (failure && !shown.includes("pretty")) shown.unshift("pretty");
    for (const n of shown) io.out(reporters[n]?.render(report) ?? "");
    if (failure) io.err(`keel: ${failure}\n`);
  } else for (const n of names) io.out(reporters[n]?.render(report) ?? "");
  // the reports above hold the error too (a CI job that uploads junit.xml gets it); exit 2, not a verdict
  if (report.couldNotStart) {
    io.err(`keel: ${report.couldNotStart}\n`);
    return ExitCode.Usage;
  }
  return report.passed ? ExitCode.Ok : ExitCode.Failed;
}

function positive(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`expected ${flag} to be a positive integer, found ${value}`);
  return n;
}
