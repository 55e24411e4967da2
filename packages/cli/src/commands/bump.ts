import type { BumpResult } from "@keel/compat";
import { ExitCode, UsageError } from "@keel/diagnostics";
import { checkoutRoot, loadRegistry } from "@keel/schema-model";
import { Argument, type Command, Option } from "commander";
import type { Io } from "../io.js";

interface Options {
  format: "pretty" | "json";
  gen: boolean;
  to?: string;
  initial?: boolean;
}

/**
 * `keel bump <protocol> minor|major`, `--to <version>` (a date-versioned protocol names its next release by
 * its date, gated like a major) or `--initial` (the first release): gate, freeze, move version constants,
 * regenerate, changeset.
 */
export function registerBump(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("bump")
    .description("release the working schemas as the next version; refuses a minor with a breaking change")
    .argument("<protocol>", "protocol to release")
    .addArgument(new Argument("[bump]", "how far the version moves").choices(["minor", "major"]))
    .option(
      "--to <version>",
      "the new version itself (a date: 2025-06-18), gated by its distance from the latest release",
    )
    .option("--initial", "the first release: freeze the registry's version, nothing to gate against")
    .addOption(new Option("--format <format>", "output format").choices(["pretty", "json"]).default("pretty"))
    .option("--no-gen", "do not run `keel gen` afterwards")
    .action(async (protocol: string, bump: "minor" | "major" | undefined, options: Options) => {
      const ways = [bump, options.to, options.initial].filter((w) => w !== undefined).length;
      if (ways !== 1)
        throw new UsageError(
          `expected exactly one of minor, major, --to <version> or --initial, found ${ways === 0 ? "none" : "several"}`,
        );
      setExit(await runBump(program, protocol, bump, options, io));
    });
}

/**
 * The regeneration hook: runs the `gen` command registered on this program for the protocol, when there
 * is one; bump itself never imports the generator.
 */
function generator(program: Command, protocol: string, io: Io): () => Promise<string> {
  return async () => {
    const gen = program.commands.find((c) => c.name() === "gen");
    if (gen === undefined) return "skipped: this keel has no `gen` command; regenerate by hand";
    try {
      await gen.parseAsync([protocol, "--report-to-stderr"], { from: "user" });
      return `ran keel gen ${protocol}`;
    } catch (error) {
      io.err(`keel: keel gen ${protocol} failed after the release was frozen: ${(error as Error).message}\n`);
      return `failed: ${(error as Error).message}; run \`pnpm keel gen ${protocol}\``;
    }
  };
}

export async function runBump(
  program: Command,
  protocol: string,
  bump: "minor" | "major" | undefined,
  options: Options,
  io: Io,
): Promise<number> {
  const { bumpProtocol, releaseInitial, renderPretty } = await import("@keel/compat");
  const root = checkoutRoot(io.cwd, "bump");
  const registry = loadRegistry(root);
  const regenerate = options.gen ? generator(program, protocol, io) : undefined;
  const request = { root, registry, protocol, ...(regenerate ? { regenerate } : {}) };
  const result = options.initial
    ? await releaseInitial(request)
    : await bumpProtocol({
        ...request,
        bump: bump ?? "major",
        ...(options.to === undefined ? {} : { to: options.to }),
      });
  if (options.format === "json") io.out(`${JSON.stringify(result, null, 2)}\n`);
  else io.out(pretty(result, renderPretty));
  return result.refused ? ExitCode.Failed : ExitCode.Ok;
}

function pretty(r: BumpResult, renderPretty: (report: BumpResult["report"]) => string): string {
  if (r.refused)
    return `${renderPretty(r.report)}keel bump: refused: ${r.protocol} ${r.from} → ${r.report.bump} has breaking changes (above)\n`;
  const lines = [
    r.from === "none"
      ? `keel bump: ${r.protocol} ${r.version}: first release`
      : `keel bump: ${r.protocol} ${r.from} → ${r.version} (${r.report.bump}, ${r.report.findings.length} changes, needs ${r.report.requires})`,
  ];
  for (const c of r.constants)
    lines.push(
      `  version ${c.keyword === "pattern" ? "pattern" : `constant ${c.keyword}`} at ${c.file}#${c.pointer}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`,
    );
  for (const w of r.written) lines.push(`  wrote ${w}`);
  lines.push(`  regenerate: ${r.regenerated}`);
  return `${lines.join("\n")}\n`;
}
