import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { completedOutcome } from "@keel/slipway";
import type { Action, Outcome } from "@keel/slipway/types";

/** The line the reference host appends for the tutorial goal ("add one tutorial line to README.md"). */
export const TUTORIAL_LINE = "Tutorial: this line was added by keel's reference slipway host.\n";

const git = (root: string, ...args: string[]) =>
  spawnSync("git", ["-C", root, ...args], { encoding: "utf8" });

/** Paths git sees changed (tracked or untracked) under the root. */
function changed(root: string): string[] {
  const r = git(root, "status", "--porcelain=v1", "-z", "--untracked-files=all");
  return r.status === 0
    ? r.stdout
        .split("\0")
        .filter((e) => e.length > 3)
        .map((e) => e.slice(3))
    : [];
}

/** Every field present, `null` for the branches that do not apply: the strict shape. */
function outcome(action: Action, summary: string, rest: Partial<Outcome> = {}): Outcome {
  return { ...completedOutcome(action.action_id, action.kind, summary), ...rest };
}

/**
 * Does one action in the workspace and reports it truthfully. The reference host is deterministic: it
 * knows one goal, the tutorial's, and appends one line to README.md; any other goal is reported as
 * `unable` rather than pretended.
 */
export function perform(action: Action, root: string): Outcome {
  switch (action.kind) {
    case "orient": {
      const files = git(root, "ls-files").stdout.split("\n").filter(Boolean);
      return outcome(action, "Repository facts observed.", {
        observations: [`Tracked files: ${files.join(", ") || "none"}.`],
        suggested_actions: [{ kind: "implement", brief: "Append the requested tutorial line." }],
      });
    }
    case "implement": {
      const before = new Set(changed(root));
      const tutorial = /tutorial line to README\.md/i.test(action.goal);
      if (tutorial) appendFileSync(join(root, "README.md"), TUTORIAL_LINE);
      const check = git(root, "diff", "--check");
      const files = changed(root).filter((p) => !before.has(p) || p === "README.md");
      return outcome(
        action,
        tutorial ? "Appended the requested README line." : "The goal is beyond this host.",
        {
          status: tutorial ? "completed" : "error",
          implementation: {
            result: tutorial ? "applied" : "unable",
            files_changed: tutorial ? files : [],
            activities: [
              {
                kind: "lint",
                command: `git -C ${JSON.stringify(root)} diff --check`,
                exit_code: check.status ?? 1,
                summary: check.status === 0 ? "No whitespace errors." : "Whitespace errors reported.",
              },
            ],
            uncertainties: [],
            attempts: 1,
          },
        },
      );
    }
    case "review":
      return outcome(action, "Read the change since the Run started; nothing to report.", {
        review: { result: "no_findings_reported", findings: [], uncertainties: [] },
      });
    case "summarize":
      return outcome(action, "The requested README line was appended; git diff --check passed.");
    case "clarify":
      return outcome(action, "No decision is needed for this goal.");
  }
}
