import { ExitCode, KeelError } from "@keel/diagnostics";
import { Command, CommanderError } from "commander";
import { registerBump } from "./commands/bump.js";
import { registerCompat } from "./commands/compat.js";
import { registerConform } from "./commands/conform.js";
import { registerExamples } from "./commands/examples.js";
import { registerExplain } from "./commands/explain.js";
import { registerGen } from "./commands/gen.js";
import { registerLint } from "./commands/lint.js";
import { registerMyloopRender } from "./commands/myloop-render.js";
import { registerNew } from "./commands/new.js";
import { registerRecord } from "./commands/record.js";
import { registerReport } from "./commands/report.js";
import { registerValidate } from "./commands/validate.js";
import { type Io, processIo } from "./io.js";
import { keelVersion } from "./version.js";

/** Run keel with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  let exitCode: number = ExitCode.Ok;
  const program = new Command("keel")
    .description("schema-first toolchain for the protocols of schemas/registry.json (keel new adds one)")
    .version(keelVersion(), "-V, --version", "print keel's version")
    .helpOption("-h, --help", "show help for keel or a command")
    .showHelpAfterError("(run keel --help for usage)")
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  const setExit = (code: number): void => {
    exitCode = code;
  };
  registerExamples(program, io, setExit);
  registerCompat(program, io, setExit);
  registerBump(program, io, setExit);
  registerConform(program, io, setExit);
  registerRecord(program, io, setExit);
  registerReport(program, io, setExit);
  registerGen(program, io, setExit);
  registerValidate(program, io, setExit);
  registerLint(program, io, setExit);
  registerMyloopRender(program, io, setExit);
  registerExplain(program, io, setExit);
  registerNew(program, io, setExit);
  program.configureHelp({ sortSubcommands: true });
  let code: number;
  try {
    await program.parseAsync([...argv], { from: "user" });
    code = exitCode;
  } catch (error) {
    code = handle(error, io);
  }
  // write errors surface after the event loop turns: give them one before deciding
  await new Promise((resolve) => setImmediate(resolve));
  const failure = io.writeFailure?.();
  if (failure === undefined) return code;
  io.err(`keel: ${failure}\n`);
  return ExitCode.Usage;
}

function handle(error: unknown, io: Io): number {
  if (error instanceof CommanderError) {
    const done = error.code === "commander.helpDisplayed" || error.code === "commander.version";
    return done ? ExitCode.Ok : ExitCode.Usage;
  }
  if (error instanceof KeelError) {
    io.err(`keel: ${error.message}\n`);
    return error.exitCode;
  }
  io.err(`keel: internal error (a bug, please report it): ${(error as Error).stack ?? String(error)}\n`);
  return ExitCode.Usage;
}
