import { UsageError } from "@keel/diagnostics";
import { checkoutRoot } from "@keel/schema-model";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";

/** `keel gen [--check] [protocol…]`: regenerate protocol packages and fixtures, or report drift. */
export function registerGen(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("gen")
    .description(
      "regenerate every generated file (protocol packages, fixtures) from schemas/; --check writes nothing",
    )
    .argument("[protocol...]", "protocols to generate (default: all)")
    .option("--check", "write nothing; list what would change and exit 1 on drift")
    .option("--allow-shrink", "write even when a protocol's fixture count falls by more than half")
    .option("--no-cache", "generate every chosen protocol, even those unchanged since the last run")
    .option(
      "--timings",
      "after the report, the seconds each protocol's stages took (TypeScript, fixtures, other languages, …)",
    )
    // `keel bump` runs gen as a side command: its report is chatter there, kept off bump's stdout
    .addOption(new Option("--report-to-stderr").hideHelp())
    .action(
      async (
        protocols: string[],
        options: {
          check?: boolean;
          allowShrink?: boolean;
          cache?: boolean;
          timings?: boolean;
          reportToStderr?: boolean;
        },
      ) => {
        checkoutRoot(io.cwd, "gen");
        const { runGen } = await loadCodegen();
        const { reportToStderr, ...gen } = options;
        setExit(await runGen(io.cwd, protocols, gen, reportToStderr ? io.err : io.out));
      },
    );
}

/**
 * The generator is a repository tool (an optional peer: the checkout's workspace provides it), kept out of
 * an npm install of the CLI; an installed keel run inside a checkout points at the checkout's own keel.
 * Its `run-gen` entry, not the index: the generators (≈ 0.8 s to load) load only when a protocol is
 * generated, not when every stamp says unchanged.
 */
async function loadCodegen(): Promise<typeof import("@keel/codegen/run-gen")> {
  try {
    return await import("@keel/codegen/run-gen");
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new UsageError(
      "expected @keel/codegen (the generator a keel checkout builds) beside this keel, found none: an installed keel does not carry it; run `pnpm keel gen` in the checkout",
    );
  }
}
