import type { CheckInfo } from "../../verdicts.js";
import { checkOf } from "../kit/check.js";

const check = checkOf("slipway-host");

/** Every check of the slipway host suite, in report order, with the requirements it tests. */
export const hostChecks: readonly CheckInfo[] = [
  check(
    "identity-first",
    ["slipway/identity-check-first", "slipway/identity-mismatch-stops"],
    "`slipway list --json --root ROOT` once, before any other call; anything but contract_version 2 with typed hosts stops the host (`--help` allowed)",
  ),
  check(
    "goal-file",
    ["slipway/canonical-start", "slipway/goal-in-private-file", "slipway/temp-files-removed"],
    "`run --budget N --json --root <absolute root> --goal-file F`: the goal in a private temporary file, removed after the call, never on argv",
  ),
  check(
    "argv-from-variants",
    ["slipway/argv-from-variant", "slipway/documented-reads"],
    "every later argv is one offered variant's base_argv plus its declared inputs (flag and value as separate elements)",
  ),
  check(
    "one-outcome-per-action",
    ["slipway/one-outcome"],
    "one outcome per issued action, sent to that action",
  ),
  check(
    "outcome-valid",
    ["slipway/outcome-every-field", "slipway/unknown-rejected"],
    "every outcome is a valid `outcome` (@keel/slipway: every field, null branches, contract_version 2, no unknown field)",
  ),
  check(
    "outcome-matches-action",
    ["slipway/outcome-ids-match", "slipway/action-kind-matches"],
    "an outcome's action_id and action_kind are those of the outstanding action",
  ),
  check(
    "retry-identical",
    ["slipway/no-blind-replay", "slipway/outcome-idempotent", "slipway/retry-uncertain"],
    "after an uncertain failure the retry resends the byte-identical outcome, a bounded number of times; a committed mutation and a lost run are never replayed",
  ),
  check(
    "branch-on-code",
    ["slipway/branch-on-code", "slipway/fail-closed"],
    "reactions follow the error code and exit status, not the message: exit 2 is not replayed; stale_action and outcome_conflict fail closed",
  ),
  check(
    "active-only",
    ["slipway/continue-only-active"],
    "submits and skips only while the last answer was `active` with `next.operation` action; stops at paused, stopped, ended",
  ),
  check(
    "no-self-resume",
    ["slipway/resume-only-by-user"],
    "never resumes a Run on its own (resume is the user's act)",
  ),
  check(
    "truthful-work",
    ["slipway/files-changed-truthful"],
    "the files an implement outcome reports changed are changed in the workspace when it is submitted",
  ),
  check("exit-status", ["slipway/exit-status-honest"], "exits 0 exactly when the Run ended"),
  check("no-call-left", ["slipway/no-call-left"], "ends leaving no slipway call running"),
  check(
    "bounded",
    ["slipway/bounded-host"],
    "finishes each scenario within --scenario-timeout and the call cap (no hang, no loop)",
  ),
  check(
    "drives-to-end",
    ["slipway/drives-to-end"],
    "drives the tutorial goal to an ended Run where nothing stands in the way (review included)",
  ),
];
