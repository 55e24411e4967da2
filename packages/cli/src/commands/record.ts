import { ExitCode, UsageError } from "@keel/diagnostics";
import type { Command } from "commander";
import type { Io } from "../io.js";
import { outDir } from "./out-dir.js";

interface Options {
  target: string;
  out: string;
  listen?: string;
}

/**
 * `keel record <suite> --target CMD --out DIR`: record golden exchanges from an implementation,
 * volatile values replaced by matchers, for `keel conform --golden DIR` to replay.
 */
export function registerRecord(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("record")
    .description("record golden exchanges from an implementation (volatile values become matchers)")
    .argument("<suite>", "the conformance suite, e.g. mira (an unknown name is refused with the list)")
    .argument(
      "[args...]",
      "slipway: after --, the slipway arguments to record (@workspace@ / @session@ are a fresh workspace and the folder beside it); keel then follows next to the end",
    )
    .requiredOption("--target <command|url>", "what to record from: a command or an http(s) URL")
    .requiredOption("--out <dir>", "folder to write the exchanges (*.json) to")
    .option("--listen <port>", "myrmo: record as a reverse proxy on this port until interrupted")
    .action(async (suite: string, args: string[], options: Options) => {
      const out = outDir(io.cwd, options.out);
      const { record } = await import("@keel/conformance-runner");
      const files = await record({
        suite,
        target: options.target,
        out,
        cwd: io.cwd,
        ...(options.listen !== undefined ? { listen: port(options.listen) } : {}),
        ...(args.length ? { args } : {}),
      });
      for (const f of files) io.out(`wrote ${f}\n`);
      setExit(ExitCode.Ok);
    });
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`expected --listen to be a port (0 to 65535), found ${value}`);
  return n;
}
