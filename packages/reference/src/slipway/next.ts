import type { Next, NextVariant } from "@keel/slipway/types";
import type { RunRecord } from "./record.js";

/**
 * The typed `next` of a Run, derived from its state (never stored): an active Run offers its action's
 * submit-from-file, submit-from-stdin and skip variants; a paused or stopped one the ad-hoc resume
 * with an optional `--budget`; an ended one `none` with no variants. argv stays an array.
 */
export function nextOf(run: RunRecord): Next {
  const ws = run.workspace_identity.id;
  if (run.state === "active" && run.current_action_id)
    return {
      operation: "action",
      workspace_identity: ws,
      variants: actionVariants(run, run.current_action_id),
    };
  if (run.state === "paused" || run.state === "stopped")
    return { operation: "resume", workspace_identity: ws, variants: [resumeVariant(run)] };
  return none(ws);
}

export const none = (workspaceIdentity: string): Next => ({
  operation: "none",
  workspace_identity: workspaceIdentity,
  variants: [],
});

const target = (run: RunRecord, action: string): string[] => [
  "--run",
  run.id,
  "--action",
  action,
  "--root",
  run.workspace,
];

export function submitFileVariant(run: RunRecord, action: string): NextVariant {
  return {
    id: "submit-outcome-file",
    base_argv: ["slipway", "protocol", "submit", ...target(run, action)],
    inputs: [{ name: "outcome_file", type: "path", flag: "--outcome-file", required: true }],
  };
}

export function submitStdinVariant(run: RunRecord, action: string): NextVariant {
  return {
    id: "submit-outcome-stdin",
    base_argv: ["slipway", "protocol", "submit", ...target(run, action), "--outcome-stdin"],
    inputs: [],
  };
}

function actionVariants(run: RunRecord, action: string): NextVariant[] {
  return [
    submitFileVariant(run, action),
    submitStdinVariant(run, action),
    { id: "skip-action", base_argv: ["slipway", "protocol", "skip", ...target(run, action)], inputs: [] },
  ];
}

function resumeVariant(run: RunRecord): NextVariant {
  return {
    id: "resume-ad-hoc",
    base_argv: ["slipway", "protocol", "resume", run.id, "--root", run.workspace],
    inputs: [{ name: "budget", type: "string", flag: "--budget", required: false }],
  };
}
