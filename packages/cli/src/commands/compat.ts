import {
  type Bump,
  type CompatReport,
  renderJson,
  renderMarkdown,
  renderPretty,
  rulesTable,
  runCompat,
} from "@keel/compat";
import { ExitCode, UsageError } from "@keel/diagnostics";
import { findRoot, loadRegistry, protocolEntry } from "@keel/schema-model";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";

type Format = "pretty" | "json" | "markdown";

interface Options {
  from?: string;
  to?: string;
  bump?: Bump | "auto";
  format: Format;
  rules?: boolean;
}

/** `keel compat [protocol…]`: classify every change between two schema versions and gate it against a bump. */
export function registerCompat(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("compat")
    .description(
      "classify every change between two schema versions (rule ids, effect on readers) and gate a version bump",
    )
    .argument("[protocol...]", "protocols to check (default: all; --from/--to take exactly one)")
    .option(
      "--from <version>",
      "older side: working, a released version, a schema file, a folder or a git ref (default: latest release)",
    )
    .option("--to <version>", "newer side, same forms (default: working, the working tree)")
    .addOption(
      new Option(
        "--bump <bump>",
        "gate: exit 1 when a change needs more; auto = registry version vs latest release",
      ).choices(["none", "minor", "major", "auto"]),
    )
    .addOption(
      new Option("--format <format>", "output format")
        .choices(["pretty", "json", "markdown"])
        .default("pretty"),
    )
    .option("--rules", "list the rule catalogue (id, effect on each reader, bump per policy) and exit")
    .action((protocols: string[], options: Options) => {
      setExit(options.rules ? listRules(options.format, io) : runCompatCommand(protocols, options, io));
    });
}

export function runCompatCommand(protocols: string[], options: Options, io: Io): number {
  const root = findRoot(io.cwd);
  const registry = loadRegistry(root);
  for (const name of protocols) protocolEntry(registry, name);
  const pinned = options.from !== undefined || options.to !== undefined;
  if (pinned && protocols.length !== 1)
    throw new UsageError("expected exactly one protocol with --from or --to");
  const chosen = protocols.length > 0 ? protocols : Object.keys(registry.protocols);
  const reports = chosen.map((protocol) =>
    runCompat({
      root,
      registry,
      protocol,
      cwd: io.cwd,
      from: options.from,
      to: options.to,
      bump: options.bump,
    }),
  );
  io.out(render(reports, options.format, protocols.length === 1));
  return reports.some((r) => r.verdict === "breaking") ? ExitCode.Failed : ExitCode.Ok;
}

function render(reports: CompatReport[], format: Format, single: boolean): string {
  if (format === "json")
    return single ? renderJson(reports[0] as CompatReport) : `${JSON.stringify(reports, null, 2)}\n`;
  if (format === "markdown") return reports.map(renderMarkdown).join("\n");
  return reports.map(renderPretty).join("\n");
}

function listRules(format: Format, io: Io): number {
  io.out(rulesTable(format));
  return ExitCode.Ok;
}
