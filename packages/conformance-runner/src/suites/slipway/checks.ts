import type { CheckInfo } from "../../verdicts.js";

const check = (name: string, cites: string, summary: string): CheckInfo => ({
  name: `slipway/${name}`,
  cites,
  summary,
});
// upstream's reference page and the seed's tutorial (003, sections 1–4); keel's reading of both, and of
// the real CLI's recorded session where they differ, is in schemas/slipway/README.md
const ref = (section: string) => `docs/reference-machine-protocol.md § ${section}`;
const seed = (section: string) => `seed 003 § ${section}`;
const keel = (section: string) => `schemas/slipway/README.md § ${section}`;
const recorded = keel("The slipway suite");

/** Every check of the generic slipway suite, in report order. */
export const slipwayChecks: readonly CheckInfo[] = [
  check(
    "exits",
    `${ref("Errors and compatibility")}; ${recorded}`,
    "every call exits on its own within --timeout, not by a signal, with bounded output (1 MiB stdout)",
  ),
  check(
    "single-document",
    `${keel("Which command answers with which type")}; ${recorded}`,
    "a successful call prints exactly one JSON document on stdout and nothing else",
  ),
  check(
    "stdout-document",
    keel("Which command answers with which type"),
    "every success document is valid against the type registry facts.commands gives its command",
  ),
  check(
    "contract-version",
    `${seed("introduction (versioned schema URLs)")}; ${ref("Errors and compatibility")}`,
    "every document on stdout and every error carries contract_version 2",
  ),
  check(
    "error-envelope",
    ref("Errors and compatibility"),
    "an error is one valid cli_error JSON object on stderr, with stdout empty",
  ),
  check(
    "error-exit-code",
    ref("Errors and compatibility"),
    "an error exits 2 or 3, the same value as its exit_code; never 1",
  ),
  check(
    "error-code-known",
    `${ref("Errors and compatibility")}; ${keel("Which command answers with which type")} (facts.errorCodes)`,
    "an error's code is one of the documented codes",
  ),
  check(
    "error-next",
    ref("Structured `next`"),
    "an error about an active Run carries next.operation action naming the current action",
  ),
  check(
    "run-starts",
    seed("1 (start the Run)"),
    "run --json starts an active Run: an orient action and next.operation action",
  ),
  check(
    "next-argv",
    ref("Structured `next`"),
    "every next variant carries base_argv as an argv array of strings (program first) and typed inputs",
  ),
  check(
    "lifecycle",
    `${seed("1–4")}; ${recorded}`,
    "following next only (base_argv + inputs) drives the tutorial goal with --no-review to an ended Run",
  ),
  check(
    "idempotent-resubmit",
    `${seed("2")}; ${ref("Idempotency and ordering")}`,
    "the byte-identical outcome submitted again answers the same document and issues no new action",
  ),
  check(
    "outcome-conflict",
    `${seed("2")}; ${ref("Idempotency and ordering")}`,
    "different bytes (also re-serialized JSON, also for an earlier completed action, also after the end) → outcome_conflict, exit 3",
  ),
  check(
    "stale-action",
    `${seed("2")}; ${recorded}`,
    "an action id never issued, or one skipped, answered → stale_action, exit 3",
  ),
  check(
    "invalid-outcome",
    `${ref("Outcome")}; ${recorded}`,
    "an undecodable outcome (unknown or missing field) → invalid_outcome exit 2; wrong action id or kind → invalid_outcome exit 3",
  ),
  check(
    "outcome-version",
    `${ref("Errors and compatibility")}; ${recorded}`,
    "an outcome without contract_version → contract_version_mismatch, exit 3",
  ),
  check(
    "skip",
    ref("Idempotency and ordering"),
    "protocol skip of the current action answers an active Run with a new action",
  ),
  check(
    "stop-resume",
    `${ref("Structured `next`")}; ${recorded}`,
    "stop → stopped with next.operation resume; a submit then → run_not_active; resume → active with a new action",
  ),
  check("resume-active", recorded, "protocol resume of an active Run → run_not_resumable, exit 3"),
  check(
    "status",
    ref("Workspace and Git observation"),
    "status RUN --json describes that Run in its state; status --json lists every Run started",
  ),
  check("list", ref("Workspace and Git observation"), "list --json answers typed hosts and no Run data"),
  check(
    "state-consistent",
    ref("Structured `next`"),
    "an active Run always has an action; an ended or stopped Run never offers next.operation action",
  ),
  check(
    "action-kind",
    ref("Action"),
    "every action's kind is one the schema names (orient, clarify, implement, review, summarize)",
  ),
];
