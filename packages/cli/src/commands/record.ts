import { ExitCode } from "@keel/diagnostics";
import type { Command } from "commander";
import type { Io } from "../io.js";
import { outDir } from "./out-dir.js";
import { splitRecordWords } from "./record-words.js";

interface Options {
  target: string;
  out: string;
}

/**
 * `keel record <suite> --target CMD --out DIR`: record golden exchanges from an implementation,
 * volatile values replaced by matchers, for `keel conform --golden DIR` to replay. What else a suite's
 * recording takes — options of its own, the implementation's arguments — the suite declares
 * (`Suite.recording`); `keel conform <suite> --requirements` lists it.
 */
export function registerRecord(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("record")
    .description("record golden exchanges from an implementation (volatile values become matchers)")
    .argument("<suite>", "the conformance suite (an unknown name is refused with the list)")
    .usage("<suite> --target <command|url> --out <dir> [the suite's recording options] [[--] ARGS]")
    .requiredOption("--target <command|url>", "what to record from: a command or an http(s) URL")
    .requiredOption("--out <dir>", "folder to write the exchanges (*.json) to")
    // the suite's recording options and arguments are read once the runner is loaded
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText(
      "after",
      "\nA suite's recording may take options of its own (--name VALUE) or the implementation's arguments\n(after --, or after keel's options); keel conform <suite> --requirements lists them.",
    )
    .action(async (suite: string, options: Options, command: Command) => {
      const out = outDir(io.cwd, options.out);
      const { findSuite, record } = await import("@keel/conformance-runner");
      const { own, args } = splitRecordWords(suite, findSuite(suite).recording, command.args.slice(1));
      const files = await record({
        suite,
        target: options.target,
        out,
        cwd: io.cwd,
        own,
        ...(args.length ? { args } : {}),
      });
      for (const f of files) io.out(`wrote ${f}\n`);
      setExit(ExitCode.Ok);
    });
}
