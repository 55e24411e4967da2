import type { CheckInfo } from "../../verdicts.js";
import { checkOf } from "../kit/check.js";

const check = checkOf("slipway");
const schema = "slipway/documents-match-schema";

/** Every check of the generic slipway suite, in report order, with the requirements it tests. */
export const slipwayChecks: readonly CheckInfo[] = [
  check(
    "exits",
    ["slipway/calls-end", "slipway/exit-one-is-defect"],
    "every call exits on its own within --timeout, not by a signal, with bounded output (1 MiB stdout)",
  ),
  check(
    "single-document",
    ["slipway/single-document"],
    "a successful call prints exactly one JSON document on stdout (one line or pretty-printed) and nothing else",
  ),
  check(
    "stdout-document",
    [schema, "slipway/max-utf8-bytes", "slipway/required-for-action-equal"],
    "every success document is valid against the type registry facts.commands gives its command",
  ),
  check(
    "contract-version",
    ["slipway/version-url-agree", "slipway/versions-validated"],
    "every document on stdout and every error carries contract_version 2",
  ),
  check(
    "error-envelope",
    [
      "slipway/error-fields",
      schema,
      "slipway/error-details",
      "slipway/committed-output-failed",
      "slipway/error-on-stderr",
    ],
    "an error is one valid cli_error JSON object on stderr, with stdout empty",
  ),
  check(
    "error-exit-code",
    ["slipway/exit-code-values"],
    "an error exits 2 or 3, the same value as its exit_code; never 1",
  ),
  check("error-code-known", [schema], "an error's code is one of the documented codes"),
  check(
    "error-next",
    ["slipway/typed-next"],
    "an error that can continue carries a typed next (any operation the schema allows)",
  ),
  check(
    "run-starts",
    ["slipway/start-response"],
    "run --json starts an active Run: an orient action and next.operation action",
  ),
  check(
    "next-argv",
    ["slipway/next-variants", schema],
    "every next variant carries base_argv as an argv array of strings (program first) and typed inputs",
  ),
  check(
    "lifecycle",
    ["slipway/tutorial-lifecycle"],
    "following next only (base_argv + inputs) drives the tutorial goal with --no-review to an ended Run",
  ),
  check(
    "idempotent-resubmit",
    ["slipway/outcome-idempotent"],
    "the byte-identical outcome submitted again answers the same document and issues no new action",
  ),
  check(
    "outcome-conflict",
    ["slipway/outcome-idempotent", "slipway/recorded-codes"],
    "different bytes (also re-serialized JSON, also for an earlier completed action, also after the end) → outcome_conflict, exit 3",
  ),
  check(
    "stale-action",
    ["slipway/stale-ids-rejected", "slipway/recorded-codes"],
    "an action id never issued, or one skipped, answered → stale_action, exit 3",
  ),
  check(
    "invalid-outcome",
    ["slipway/action-kind-matches", "slipway/unknown-rejected", "slipway/recorded-codes"],
    "an undecodable outcome (unknown or missing field) → invalid_outcome exit 2; wrong action id or kind → invalid_outcome exit 3",
  ),
  check(
    "outcome-version",
    ["slipway/unknown-rejected", "slipway/recorded-codes"],
    "an outcome without contract_version → contract_version_mismatch, exit 3",
  ),
  check(
    "skip",
    ["slipway/skip-waiting-action"],
    "protocol skip of the current action answers an active Run with a new action",
  ),
  check(
    "stop-resume",
    ["slipway/resume-only-when-offered", "slipway/recorded-codes"],
    "stop → stopped with next.operation resume; a submit then → run_not_active; resume → active with a new action",
  ),
  check(
    "resume-active",
    ["slipway/resume-only-when-offered", "slipway/recorded-codes"],
    "protocol resume of an active Run → run_not_resumable, exit 3",
  ),
  check(
    "status",
    ["slipway/status-projection"],
    "status RUN --json describes that Run in its state; status --json lists every Run started",
  ),
  check("list", ["slipway/list-no-run-data", schema], "list --json answers typed hosts and no Run data"),
  check(
    "state-consistent",
    ["slipway/active-has-action", "slipway/continue-only-active"],
    "an active Run always has an action; an ended or stopped Run never offers next.operation action",
  ),
  check(
    "action-kind",
    [schema],
    "every action's kind is one the schema names (orient, clarify, implement, review, summarize)",
  ),
];
