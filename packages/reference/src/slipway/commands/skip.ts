import { parseArgs, required, str } from "../argv.js";
import { type CallContext, type CommandResult, forRun } from "../context.js";
import { protocolState } from "../documents.js";
import { usage } from "../errors.js";
import { observeGit } from "../git-observe.js";
import { readRun, withLock, writeRun } from "../journal.js";
import { toWire } from "../json.js";
import { currentEntry, now } from "../record.js";
import { afterSkip } from "../workflow.js";
import { discoverWorkspace } from "../workspace.js";
import { stateError } from "./submit.js";

/** `protocol skip --run R --action A --root ROOT`: only the current action of an active Run. */
export async function skip(words: string[], ctx: CallContext): Promise<CommandResult> {
  const p = parseArgs(words, ["run", "action", "root"], [], "protocol skip");
  const runId = required(p, "run", "protocol skip");
  const actionId = required(p, "action", "protocol skip");
  if (p.positionals.length > 0 || p.rest) throw usage("protocol skip: takes no positional arguments");
  const ws = discoverWorkspace(str(p, "root"), ctx.cwd);
  return withLock(ws.runsDir, runId, () => {
    const run = readRun(ws.runsDir, runId);
    return forRun(run, () => {
      if (run.state === "ended") throw stateError(run, "run_already_ended", "run has already ended");
      if (run.state !== "active") throw stateError(run, "run_not_active", `run is ${run.state}, not active`);
      const entry = currentEntry(run);
      if (!entry || entry.action.action_id !== actionId)
        throw stateError(run, "stale_action", "action_id is not the current action");
      afterSkip(run, entry, observeGit(ws));
      run.updated_at = now();
      writeRun(ws.runsDir, run);
      return { stdout: toWire(protocolState(run)) };
    });
  });
}
