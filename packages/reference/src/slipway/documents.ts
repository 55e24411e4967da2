import type { ActionRecord, ProtocolState, RunStatus } from "@keel/slipway/types";
import { nextOf } from "./next.js";
import { currentEntry, type RunRecord } from "./record.js";
import { findingsOf } from "./summary.js";

/**
 * The documents a Run is printed as. Keys are built in the schema's property order, which is the
 * order the real CLI prints; optional keys are left out rather than written as null, and the
 * projected lists (observations, …) only appear when they have items.
 */
export function protocolState(run: RunRecord, resumed = false): ProtocolState {
  const ordered = { contract_version: 2, run_id: run.id, state: run.state } as ProtocolState;
  if (run.pause_reason) ordered.pause_reason = run.pause_reason;
  if (run.state === "ended" && run.summary) ordered.summary = run.summary;
  const current = currentEntry(run);
  if (run.state === "active" && current) ordered.action = current.action;
  ordered.next = nextOf(run);
  if (resumed && run.last_resume_result) {
    ordered.resume_operation = run.last_resume_result.operation;
    ordered.budget_applied = run.last_resume_result.budget_applied;
  }
  return ordered;
}

export function runStatus(run: RunRecord, currentRoot: string): RunStatus {
  const head = {
    contract_version: 2 as const,
    id: run.id,
    goal: run.goal,
    workspace: run.workspace,
    workspace_identity: run.workspace_identity,
  };
  if (run.workspace_identity.worktree_root !== currentRoot)
    return {
      ...head,
      workspace_foreign: true,
      state: run.state,
      created_at: run.created_at,
      next: nextOf(run),
    };
  const doc = { ...head, state: run.state } as RunStatus;
  if (run.pause_reason) doc.pause_reason = run.pause_reason;
  doc.review_enabled = run.review_enabled;
  doc.review_pending = currentEntry(run)?.action.kind === "review";
  doc.initial_budget = run.initial_budget;
  doc.remaining_budget = run.remaining_budget;
  doc.initial_git = run.initial_git as unknown as RunStatus["initial_git"];
  doc.current_git = run.current_git as unknown as RunStatus["current_git"];
  doc.final_git_observed = run.final_git_observed;
  if (run.last_resume_result) doc.last_resume_result = run.last_resume_result;
  const current = currentEntry(run);
  if (current) doc.current_action = current.action;
  doc.actions = run.actions.map(actionRecord);
  const f = findingsOf(run);
  if (f.observations.length) doc.observations = f.observations;
  if (f.known_issues.length) doc.known_issues = f.known_issues;
  if (f.uncertainties.length) doc.uncertainties = f.uncertainties;
  if (f.activities.length) doc.activities = f.activities;
  if (run.summary) doc.summary = run.summary;
  doc.created_at = run.created_at;
  doc.updated_at = run.updated_at;
  doc.next = nextOf(run);
  return doc;
}

function actionRecord(e: RunRecord["actions"][number]): ActionRecord {
  const r: ActionRecord = { action: e.action };
  if (e.outcome) {
    r.outcome = e.outcome;
    r.outcome_payload_sha256 = e.outcome_payload_sha256;
  }
  if (e.voided) r.voided = true;
  if (e.skipped) r.skipped = true;
  return r;
}
