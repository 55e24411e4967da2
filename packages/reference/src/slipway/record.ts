import type {
  Action,
  Outcome,
  PauseReasonEnum,
  ResumeResult,
  State,
  WorkspaceIdentity,
} from "@keel/slipway/types";
import type { GitObs } from "./git-observe.js";

/** One issued action in the journal, with what became of it. */
export interface ActionEntry {
  action: Action;
  /** the observation when the action was issued: an implement that changed nothing is not reviewed */
  git_at_issue: string;
  outcome?: Outcome;
  outcome_payload_sha256?: string;
  skipped?: boolean;
  voided?: boolean;
  /** an implement outcome reported changed files the git observation does not show */
  report_discrepancy?: string[];
}

/** A Run as journalled in `<git common dir>/slipway/runs/<id>.json` (replaced atomically per mutation). */
export interface RunRecord {
  journal_version: 1;
  id: string;
  goal: string;
  workspace: string;
  workspace_identity: WorkspaceIdentity;
  state: State;
  pause_reason?: PauseReasonEnum;
  review_enabled: boolean;
  initial_budget: number;
  remaining_budget: number;
  initial_git: GitObs;
  current_git: GitObs;
  final_git_observed: boolean;
  last_resume_result?: ResumeResult;
  current_action_id?: string;
  actions: ActionEntry[];
  summary?: string;
  created_at: string;
  updated_at: string;
}

export const currentEntry = (run: RunRecord): ActionEntry | undefined =>
  run.current_action_id === undefined
    ? undefined
    : run.actions.find((a) => a.action.action_id === run.current_action_id);

/** RFC 3339 UTC with sub-millisecond digits, trailing zeros trimmed (Go's RFC3339Nano shape). */
export function now(): string {
  const iso = new Date().toISOString(); // 2026-11-29T15:39:59.321Z
  const micro = String(process.hrtime.bigint() % 1000000n).padStart(6, "0");
  return `${`${iso.slice(0, -1)}${micro}`.replace(/\.?0+$/, "")}Z`;
}
