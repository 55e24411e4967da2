import { randomUUID } from "node:crypto";
import type { Action, ActionKind, Outcome } from "@keel/slipway/types";
import type { GitObs } from "./git-observe.js";
import { type ActionEntry, currentEntry, type RunRecord } from "./record.js";
import { endedSummary, observedSinceStart } from "./summary.js";

/**
 * The reference workflow: orient → [clarify…] → implement → [review] → summarize → ended. Each action
 * issued costs one unit of budget (its `remaining_budget` is what is left after it); when the next
 * action cannot be paid for, the Run pauses with `budget_exhausted` and a resume replenishes it.
 */
export const BRIEF = {
  orient:
    "Investigate repository facts, relevant code, Git state, and build/test/lint conventions before deciding what to do.",
  reorient: "Re-investigate the current worktree after interruption before choosing the next action.",
  afterSkip: "Summarize observed facts after the prior Action was skipped.",
  review:
    "Review the changes observed since the Run started for intent and quality, read-only; report findings without editing or suggesting repair work.",
  implement: "Carry out the goal.",
  clarify: "Ask the one decision the goal still needs.",
};

export function issue(run: RunRecord, kind: ActionKind, brief: string, git: GitObs): void {
  run.current_action_id = undefined;
  if (run.remaining_budget < 1) {
    run.state = "paused";
    run.pause_reason = "budget_exhausted";
    return;
  }
  run.remaining_budget -= 1;
  const action: Action = {
    contract_version: 2,
    run_id: run.id,
    action_id: randomUUID(),
    kind,
    goal: run.goal,
    brief,
    context: contextOf(run),
    remaining_budget: run.remaining_budget,
  };
  run.actions.push({ action, git_at_issue: git.snapshot_hash });
  run.current_action_id = action.action_id;
  run.state = "active";
  run.pause_reason = undefined;
}

/** Decisions in force (the reference has none: no `answer`) and the accepted outcomes, newest first. */
export function contextOf(run: RunRecord): string {
  const lines = run.actions
    .filter((e) => e.outcome)
    .map((e) => `- ${e.action.kind} action ${e.action.action_id}: ${e.outcome?.summary}\n`)
    .reverse();
  const [recent, ...earlier] = lines;
  return `Decisions:\n(none)\nRecent outcome:\n${recent ?? "(none)\n"}Earlier outcomes:\n${earlier.join("") || "(none)\n"}`;
}

/** Routes an accepted outcome of the current action to the next action, a pause or the end. */
export function afterOutcome(run: RunRecord, entry: ActionEntry, outcome: Outcome, git: GitObs): void {
  run.current_git = git;
  if (outcome.status === "needs_input" && outcome.pause) {
    run.current_action_id = undefined;
    run.state = "paused";
    run.pause_reason = outcome.pause.reason;
    return;
  }
  const kind = entry.action.kind;
  if (kind === "summarize") {
    end(run);
    return;
  }
  if (kind === "orient" || kind === "clarify") {
    const s = outcome.suggested_actions[0];
    if (s && s.kind !== "summarize") issue(run, s.kind, s.brief, git);
    else issue(run, "summarize", summarizeBrief(run), git);
    return;
  }
  if (kind === "implement") {
    const changed = git.snapshot_hash !== entry.git_at_issue;
    const reported = outcome.implementation?.files_changed ?? [];
    if (!changed && reported.length > 0) entry.report_discrepancy = reported;
    if (run.review_enabled && changed) {
      issue(run, "review", BRIEF.review, git);
      return;
    }
  }
  issue(run, "summarize", summarizeBrief(run), git);
}

/** A skipped action: a skipped summarize ends the Run, anything else goes straight to summarize. */
export function afterSkip(run: RunRecord, entry: ActionEntry, git: GitObs): void {
  entry.skipped = true;
  run.current_git = git;
  if (entry.action.kind === "summarize") end(run);
  else issue(run, "summarize", BRIEF.afterSkip, git);
}

export function end(run: RunRecord): void {
  run.state = "ended";
  run.pause_reason = undefined;
  run.current_action_id = undefined;
  run.final_git_observed = true;
  run.summary = endedSummary(run);
}

/** Withdraws the current action (stop, resume): it stays in the journal, voided. */
export function voidCurrent(run: RunRecord): void {
  const entry = currentEntry(run);
  if (entry) entry.voided = true;
  run.current_action_id = undefined;
}

function summarizeBrief(run: RunRecord): string {
  const start = run.initial_git;
  const dirty = start.dirty_files.join(", ") || "none";
  const attribution = observedSinceStart(run)
    ? " Attribution is uncertain: concurrent user edits, another Run, or tools may have contributed to the observed start-to-current difference."
    : "";
  return (
    "Summarize confirmed human decisions, observed changes, activities, known issues, uncertainties, skipped work, and pre-existing dirty files." +
    attribution +
    ` Pre-existing dirty path observations at Run start (count=${start.path_count}; retained=${start.path_observations.length}; path_fingerprint=${start.path_fingerprint}; initial_snapshot=${start.snapshot_hash}): ${dirty}.`
  );
}
