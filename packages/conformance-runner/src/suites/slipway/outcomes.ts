import { completedOutcome } from "@keel/slipway";
import type { ActionKind } from "@keel/slipway/types";
import type { Obj } from "../kit/values.js";

/**
 * The outcome a host writes for an action, as the seed's tutorial and the recorded session write them:
 * every field present, `null` for branches that do not apply, arrays stay arrays, and a legal
 * status/branch combination for the kind (docs/reference-machine-protocol.md § Legal Outcome
 * combinations). Serialized with two-space indentation, as jq writes it.
 */
export function outcome(actionId: string, kind: string, workspace: string, extra: Obj = {}): Obj {
  const base: Obj = completedOutcome(actionId, kind as ActionKind, "Done.");
  if (kind === "orient" || kind === "clarify")
    Object.assign(base, {
      summary: "Repository facts observed.",
      observations: ["README.md is the only tracked file."],
      suggested_actions: [{ kind: "implement", brief: "Append the requested tutorial line." }],
    });
  else if (kind === "implement")
    Object.assign(base, {
      summary: "Appended the requested README line.",
      implementation: {
        result: "applied",
        files_changed: ["README.md"],
        activities: [
          {
            kind: "test",
            command: `git -C "${workspace}" diff --check`,
            exit_code: 0,
            summary: "No whitespace errors.",
          },
        ],
        uncertainties: [],
        attempts: 1,
      },
    });
  else if (kind === "review")
    Object.assign(base, {
      summary: "The change does what the goal asks.",
      review: { result: "no_findings_reported", findings: [], uncertainties: [] },
    });
  else base.summary = "The requested README update is complete and git diff --check passed.";
  return { ...base, ...extra };
}

export const text = (o: unknown): string => `${JSON.stringify(o, null, 2)}\n`;

/** The line the tutorial's implement step appends to README.md. */
export const TUTORIAL_LINE = "Protocol v2 lifecycle completed.\n";
