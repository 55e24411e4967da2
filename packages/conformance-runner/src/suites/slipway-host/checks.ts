import type { CheckInfo } from "../../verdicts.js";

const check = (name: string, item: string, summary: string, beyond?: true): CheckInfo => ({
  name: `slipway-host/${name}`,
  // each item of that section names its sources (seed 003, the reference docs, the host duties slipway generates)
  cites: `schemas/slipway/README.md § Host obligations, ${item}`,
  summary,
  ...(beyond ? { beyond } : {}),
});

/** Every check of the slipway host suite, in report order. */
export const hostChecks: readonly CheckInfo[] = [
  check(
    "identity-first",
    "1",
    "`slipway list --json --root ROOT` once, before any other call; anything but contract_version 2 with typed hosts stops the host",
  ),
  check(
    "goal-file",
    "2",
    "`run --budget N --json --root <absolute root> --goal-file F`: the goal in a private temporary file, removed after the call, never on argv",
  ),
  check(
    "argv-from-variants",
    "3",
    "every later argv is one offered variant's base_argv plus its declared inputs (flag and value as separate elements)",
  ),
  check("one-outcome-per-action", "4", "one outcome per issued action, sent to that action"),
  check(
    "outcome-valid",
    "5",
    "every outcome is a valid `outcome` (@keel/slipway: every field, null branches, contract_version 2, no unknown field)",
  ),
  check(
    "outcome-matches-action",
    "5",
    "an outcome's action_id and action_kind are those of the outstanding action",
  ),
  check(
    "retry-identical",
    "6",
    "after an uncertain failure the retry resends the byte-identical outcome, a bounded number of times; a committed mutation and a lost run are never replayed",
  ),
  check(
    "branch-on-code",
    "7",
    "reactions follow the error code and exit status, not the message: exit 2 is not replayed; stale_action and outcome_conflict fail closed",
  ),
  check(
    "active-only",
    "8",
    "submits and skips only while the last answer was `active` with `next.operation` action; stops at paused, stopped, ended",
  ),
  check("no-self-resume", "9", "never resumes a Run on its own (resume is the user's act)"),
  check(
    "truthful-work",
    "10",
    "the files an implement outcome reports changed are changed in the workspace when it is submitted",
  ),
  check("exit-status", "11", "exits 0 exactly when the Run ended"),
  check("no-call-left", "11", "ends leaving no slipway call running"),
  check(
    "bounded",
    "11",
    "finishes each scenario within --scenario-timeout and the call cap (no hang, no loop)",
  ),
  check(
    "drives-to-end",
    "12",
    "drives the tutorial goal to an ended Run where nothing stands in the way (review included)",
    true,
  ),
];
