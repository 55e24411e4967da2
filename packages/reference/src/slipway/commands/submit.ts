import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Outcome } from "@keel/slipway/types";
import { parseArgs, required, str } from "../argv.js";
import { type CallContext, type CommandResult, forRun, runDetails } from "../context.js";
import { protocolState } from "../documents.js";
import { SlipwayError, STATE, USAGE, usage } from "../errors.js";
import { observeGit } from "../git-observe.js";
import { readRun, withLock, writeRun } from "../journal.js";
import { toWire } from "../json.js";
import { nextOf, submitFileVariant, submitStdinVariant } from "../next.js";
import { decodeOutcome } from "../outcome.js";
import { currentEntry, now, type RunRecord } from "../record.js";
import { afterOutcome } from "../workflow.js";
import { digest, discoverWorkspace } from "../workspace.js";

/**
 * `protocol submit --run R --action A --root ROOT (--outcome-file F | --outcome-stdin)`. The order of
 * the checks is the recorded one: an action that already has an outcome answers by its bytes
 * (identical → the Run's current state, exit 0, whatever the state; different → outcome_conflict);
 * then the Run must be active and the action current (stale_action); then the bytes must decode; then
 * the body must name the current action and kind.
 */
export async function submit(words: string[], ctx: CallContext): Promise<CommandResult> {
  const p = parseArgs(words, ["run", "action", "root", "outcome-file"], ["outcome-stdin"], "protocol submit");
  const runId = required(p, "run", "protocol submit");
  const actionId = required(p, "action", "protocol submit");
  const file = str(p, "outcome-file");
  if ((file === undefined) === !p.flags.has("outcome-stdin"))
    throw usage("protocol submit: exactly one of --outcome-file or --outcome-stdin is required");
  if (p.positionals.length > 0 || p.rest)
    throw usage(`protocol submit: unexpected argument ${JSON.stringify(p.positionals[0] ?? "--")}`);
  const ws = discoverWorkspace(str(p, "root"), ctx.cwd);
  const bytes = file === undefined ? await ctx.readStdin() : readOutcome(ctx.cwd, file);
  return withLock(ws.runsDir, runId, () => {
    const run = readRun(ws.runsDir, runId);
    return forRun(run, () => {
      const sha = digest(bytes);
      const answered = run.actions.find((e) => e.action.action_id === actionId && e.outcome);
      if (answered) {
        if (answered.outcome_payload_sha256 === sha) return { stdout: toWire(protocolState(run)) };
        throw stateError(run, "outcome_conflict", "this action already has a different outcome payload");
      }
      if (run.state === "ended") throw stateError(run, "run_already_ended", "run has already ended");
      if (run.state !== "active") throw stateError(run, "run_not_active", `run is ${run.state}, not active`);
      const entry = currentEntry(run);
      if (!entry || entry.action.action_id !== actionId)
        throw stateError(run, "stale_action", "action_id is not the current action");
      const retry = file === undefined ? submitStdinVariant(run, actionId) : submitFileVariant(run, actionId);
      let outcome: Outcome;
      try {
        outcome = decodeOutcome(bytes);
      } catch (e) {
        // an undecodable outcome (exit 2) is retried with the variant it came through
        if (e instanceof SlipwayError && e.exitCode === USAGE)
          throw e.withRun({
            operation: "action",
            workspace_identity: run.workspace_identity.id,
            variants: [retry],
          });
        throw e;
      }
      const current = entry.action;
      if (outcome.action_id !== current.action_id)
        throw new SlipwayError(
          "invalid_outcome",
          `outcome action_id ${JSON.stringify(outcome.action_id)} does not match current action ${JSON.stringify(current.action_id)}`,
          STATE,
        );
      if (outcome.action_kind !== current.kind)
        throw new SlipwayError(
          "invalid_outcome",
          `outcome action_kind ${JSON.stringify(outcome.action_kind)} does not match current action kind ${JSON.stringify(current.kind)}`,
          STATE,
        );
      entry.outcome = outcome;
      entry.outcome_payload_sha256 = sha;
      afterOutcome(run, entry, outcome, observeGit(ws));
      run.updated_at = now();
      writeRun(ws.runsDir, run);
      return { stdout: toWire(protocolState(run)) };
    });
  });
}

function readOutcome(cwd: string, file: string): Uint8Array {
  try {
    return readFileSync(resolve(cwd, file));
  } catch {
    throw usage(`protocol submit: cannot read --outcome-file ${JSON.stringify(file)}`);
  }
}

export const stateError = (run: RunRecord, code: string, message: string): SlipwayError =>
  new SlipwayError(code, message, STATE, nextOf(run), runDetails(run));
