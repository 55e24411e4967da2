import { budget, parseArgs, str } from "../argv.js";
import { type CallContext, type CommandResult, forRun } from "../context.js";
import { protocolState } from "../documents.js";
import { usage } from "../errors.js";
import { observeGit } from "../git-observe.js";
import { readRun, withLock, writeRun } from "../journal.js";
import { toWire } from "../json.js";
import { nextOf } from "../next.js";
import { now } from "../record.js";
import { BRIEF, issue, voidCurrent } from "../workflow.js";
import { discoverWorkspace } from "../workspace.js";
import { stateError } from "./submit.js";

/**
 * `protocol resume RUN --root ROOT [--budget N]`: accepted only while the Run's typed next operation is
 * `resume` (stopped or paused), else `run_not_resumable`. `--budget N` replaces the remaining budget;
 * without it a positive remaining budget is kept and zero becomes max(initial budget, 3). Always a
 * fresh orient.
 */
export async function resume(words: string[], ctx: CallContext): Promise<CommandResult> {
  const p = parseArgs(words, ["root", "budget"], [], "protocol resume");
  if (p.positionals.length !== 1 || p.rest) throw usage("protocol resume: expected exactly one run id");
  const runId = p.positionals[0] as string;
  const explicit = str(p, "budget");
  const replacement = explicit === undefined ? undefined : budget(explicit);
  const ws = discoverWorkspace(str(p, "root"), ctx.cwd);
  return withLock(ws.runsDir, runId, () => {
    const run = readRun(ws.runsDir, runId);
    return forRun(run, () => {
      const op = nextOf(run).operation;
      if (op !== "resume")
        throw stateError(
          run,
          "run_not_resumable",
          `run cannot be resumed while its current typed next operation is ${op}`,
        );
      voidCurrent(run);
      run.remaining_budget =
        replacement ?? (run.remaining_budget > 0 ? run.remaining_budget : Math.max(run.initial_budget, 3));
      run.last_resume_result = { operation: "ad_hoc_resumed", budget_applied: true };
      const git = observeGit(ws);
      run.current_git = git;
      issue(run, "orient", BRIEF.reorient, git);
      run.updated_at = now();
      writeRun(ws.runsDir, run);
      return { stdout: toWire(protocolState(run, true)) };
    });
  });
}
