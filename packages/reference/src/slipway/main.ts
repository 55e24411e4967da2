import { resolve } from "node:path";
import type { CallContext, CommandResult } from "./context.js";
import { SlipwayError, usage } from "./errors.js";
import { toWire } from "./json.js";
import { none } from "./next.js";
import { digest, discoverWorkspace } from "./workspace.js";

/**
 * The reference slipway's entry: one call, one process. Success prints one document on stdout and
 * exits 0; a failure prints one `cli_error` on stderr (stdout empty) and exits 2 or 3, the same value
 * as its `exit_code`; only a defect exits 1, with a message and no JSON. Each command's module is
 * imported on demand so a call loads only what it runs.
 */
type Command = (words: string[], ctx: CallContext) => Promise<CommandResult>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import("./commands/run.js")).run,
  status: async () => (await import("./commands/status.js")).status,
  stop: async () => (await import("./commands/stop.js")).stop,
  list: async () => (await import("./commands/list.js")).list,
  "protocol submit": async () => (await import("./commands/submit.js")).submit,
  "protocol skip": async () => (await import("./commands/skip.js")).skip,
  "protocol resume": async () => (await import("./commands/resume.js")).resume,
};

export const HELP = `slipway (keel reference, machine protocol v2)

usage:
  slipway run [--root ROOT] [--budget N] [--no-review] [--json] (--goal-file FILE | --goal-stdin | -- GOAL)
  slipway protocol submit --run RUN --action ACTION [--root ROOT] (--outcome-file FILE | --outcome-stdin)
  slipway protocol skip --run RUN --action ACTION [--root ROOT]
  slipway protocol resume RUN [--root ROOT] [--budget N]
  slipway status [RUN] [--root ROOT] [--json] [--all]
  slipway stop [RUN] [--root ROOT] [--json]
  slipway list [--root ROOT] [--json]
`;

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

export async function main(argv: string[], ctx: CallContext, io: Io): Promise<number> {
  const [first = "", second = ""] = argv;
  if (first === "--help" || first === "-h" || first === "help") {
    io.stdout(HELP);
    return 0;
  }
  if (first === "--version") {
    io.stdout("slipway keel-reference 0.1.0 (machine protocol v2)\n");
    return 0;
  }
  const name = first === "protocol" ? `${first} ${second}` : first;
  try {
    const load = COMMANDS[name];
    if (!load)
      throw usage(
        first === "protocol"
          ? `protocol ${JSON.stringify(second)} is not supported by the reference slipway (submit, skip, resume)`
          : `unknown command ${JSON.stringify(first)}; see slipway --help`,
      );
    const command = await load();
    const result = await command(argv.slice(name.split(" ").length), ctx);
    io.stdout(`${result.stdout}\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof SlipwayError)) {
      io.stderr(`slipway: internal error: ${(e as Error).message}\n`);
      return 1;
    }
    io.stderr(`${toWire(e.document(fallbackNext(argv, ctx.cwd)))}\n`);
    return e.exitCode;
  }
}

/** `next` for an error raised before any Run was loaded: nothing to go on with, in this workspace. */
function fallbackNext(argv: string[], cwd: string) {
  const at = argv.indexOf("--root");
  const root = at === -1 ? argv.find((w) => w.startsWith("--root="))?.slice(7) : argv[at + 1];
  try {
    return none(discoverWorkspace(root, cwd).identity.id);
  } catch {
    return none(digest(resolve(cwd, root ?? ".")));
  }
}
