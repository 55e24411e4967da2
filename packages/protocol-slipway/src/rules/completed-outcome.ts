import type { ActionKind, Outcome } from "../generated/types.gen.js";

/**
 * The strict shape of an outcome with nothing to report yet: every public field present, empty lists,
 * `null` for the branches (pause, implementation, review) that do not apply. Hosts and tests start here
 * and fill in what the action produced.
 */
export function completedOutcome(actionId: string, kind: ActionKind, summary: string): Outcome {
  return {
    contract_version: 2,
    action_id: actionId,
    action_kind: kind,
    status: "completed",
    summary,
    observations: [],
    known_issues: [],
    suggested_actions: [],
    pause: null,
    implementation: null,
    review: null,
  };
}
