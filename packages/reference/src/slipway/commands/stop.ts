import { parseArgs, str } from "../argv.js";
import { type CallContext, type CommandResult, forRun } from "../context.js";
import { protocolState } from "../documents.js";
import { usage } from "../errors.js";
import { listRunIds, readRun, withLock, writeRun } from "../journal.js";
import { toWire } from "../json.js";
import { now } from "../record.js";
import { voidCurrent } from "../workflow.js";
import { discoverWorkspace } from "../workspace.js";
import { stateError } from "./submit.js";

/**
 * `stop [RUN] [--root ROOT] [--json]`: withdraws the current action (journalled as voided) and leaves the
 * Run resumable. Without an id it stops the one active or paused Run. Stopping a stopped Run answers
 * its state again; an ended Run cannot be stopped.
 */
export async function stop(words: string[], ctx: CallContext): Promise<CommandResult> {
  const p = parseArgs(words, ["root"], ["json"], "stop");
  if (p.positionals.length > 1 || p.rest) throw usage("stop: expected at most one run id");
  const ws = discoverWorkspace(str(p, "root"), ctx.cwd);
  const runId = p.positionals[0] ?? onlyLiveRun(ws.runsDir);
  return withLock(ws.runsDir, runId, () => {
    const run = readRun(ws.runsDir, runId);
    return forRun(run, () => {
      if (run.state === "ended") throw stateError(run, "run_already_ended", "an ended run cannot be stopped");
      if (run.state !== "stopped") {
        voidCurrent(run);
        run.state = "stopped";
        run.pause_reason = undefined;
        run.updated_at = now();
        writeRun(ws.runsDir, run);
      }
      const doc = protocolState(run);
      return {
        stdout: p.flags.has("json")
          ? toWire(doc)
          : `Run ${run.id} stopped; resume it with slipway protocol resume ${run.id}`,
      };
    });
  });
}

function onlyLiveRun(runsDir: string): string {
  const live = listRunIds(runsDir).filter((id) => {
    try {
      const s = readRun(runsDir, id).state;
      return s === "active" || s === "paused";
    } catch {
      throw usage(`stop: run ${id} cannot be read; name the run to stop`);
    }
  });
  if (live.length !== 1) throw usage(`stop: ${live.length} runs are active or paused; name the run to stop`);
  return live[0] as string;
}
