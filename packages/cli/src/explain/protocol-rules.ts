import type { CodeEntry } from "./entry.js";

const atif = (row: number) =>
  `schemas/atif/README.md § semantic rules, row ${row} (packages/protocol-atif/src/rules)`;
const SLIP = "schemas/slipway/README.md § semantic rules";

/** The protocols' semantic rules (applied after the schema passed): [code, meaning, source, example]. */
const RULES: readonly [string, string, string, string][] = [
  [
    "atif/step-id-sequence",
    "`step_id`s are 1, 2, 3 … in array order, restarting at 1 inside every embedded subagent",
    atif(1),
    "expected /steps/2/step_id to be 3, found 5",
  ],
  [
    "atif/source-call-id-unknown",
    "a non-null `source_call_id` names a `tool_call_id` of the same step",
    atif(2),
    'expected /steps/1/observation/results/0/source_call_id to name a tool call of step 2, found "c9"',
  ],
  [
    "atif/agent-only-field",
    "`model_name`, `reasoning_effort`, `reasoning_content`, `tool_calls`, `metrics` appear only on agent steps",
    atif(3),
    'expected no /steps/0/metrics on a "user" step, found one',
  ],
  [
    "atif/zero-llm-calls-forbids",
    "an agent step with `llm_call_count: 0` has no `metrics` and no `reasoning_content`",
    atif(4),
    "expected no /steps/3/metrics on a step with llm_call_count 0, found one",
  ],
  [
    "atif/content-part-shape",
    "a `text` part has `text` and no `source`; an `image` part has `source` and no `text`",
    atif(5),
    "expected /steps/0/message/1/source on an image part, found none",
  ],
  [
    "atif/subagent-ref-key",
    "a subagent ref sets `trajectory_id` or `trajectory_path` (`session_id` alone does not resolve)",
    atif(6),
    "expected trajectory_id or trajectory_path at /steps/4/subagent, found only session_id",
  ],
  [
    "atif/embedded-trajectory-id-missing",
    "every entry of `subagent_trajectories` sets `trajectory_id`",
    atif(7),
    "expected /subagent_trajectories/0/trajectory_id, found none",
  ],
  [
    "atif/embedded-trajectory-id-duplicate",
    "`trajectory_id`s within `subagent_trajectories` are unique",
    atif(7),
    'expected unique trajectory ids, found "t1" at /subagent_trajectories/0 and /1',
  ],
  [
    "atif/timestamp-iso8601",
    "step timestamps are ISO 8601",
    atif(8),
    'expected /steps/0/timestamp to be ISO 8601, found "yesterday"',
  ],
  [
    "atif/subagent-ref-unresolved",
    "a ref with `trajectory_id` and no `trajectory_path` matches an embedded trajectory",
    atif(9),
    'expected an embedded trajectory "t7" for /steps/4/subagent, found none',
  ],
  [
    "atif/total-steps-noted",
    "`final_metrics.total_steps` different from the number of steps is explained in `notes`",
    atif(10),
    "expected notes explaining total_steps 12 for 10 steps, found none",
  ],
  [
    "atif/tool-call-id-duplicate",
    "`tool_call_id`s are unique within a step",
    atif(11),
    'expected unique tool_call_id in /steps/2/tool_calls, found "c1" twice',
  ],
  [
    "atif/field-newer-than-version",
    "no field newer than the document's `schema_version` label (warning; an error with --strict)",
    atif(12),
    "expected no /trajectory_id in an ATIF-v1.0 document (added in ATIF-v1.7), found one",
  ],
  [
    "atif/session-id-required",
    "a root trajectory labelled older than ATIF-v1.7 sets `session_id` (warning; an error with --strict)",
    atif(13),
    "expected /session_id in an ATIF-v1.5 document, found none",
  ],
  [
    "mira/case-trial",
    "a repeated case has `trial` < `trials`; a single-run case (`trials` 0 or 1) has only trial 0",
    "seed protocol.rs `RunResult::key` / `is_single_trial` (packages/protocol-mira/src/rules/case-trial.ts)",
    "expected /params/trial below trials 3, found 3",
  ],
  [
    "mira/event-detail",
    "a defined event kind carries its detail field (warning)",
    "schemas/mira/README.md (packages/protocol-mira/src/rules/event.ts)",
    'expected /params/message on a "log" event, found none',
  ],
  [
    "mira/result-error-exclusive",
    "a response carries exactly one non-null `result` / `error` (`null` reads as absent)",
    "schemas/mira/README.md item 5 (packages/protocol-mira/src/rules/response.ts)",
    "expected exactly one of /result, /error, found both",
  ],
  [
    "myrmo/body-too-large",
    "the compact JSON encoding of a document fits in the 64 KB body limit",
    "schemas/myrmo/README.md (`bodyLimitBytes` 65536)",
    "expected at most 65536 bytes of compact JSON, found 70211",
  ],
  [
    "myrmo/diff-unified",
    "`code_patches[].diff` is a unified diff",
    'seed "Constraints worth knowing" (packages/protocol-myrmo/src/rules/code-patches.ts)',
    "expected /solution/code_patches/0/diff to be a unified diff, found no @@ hunk",
  ],
  [
    "myrmo/file-path-relative",
    "a patch path is relative, not drive- or backslash-rooted",
    'schema description of `file_path` ("RELATIVE to the project root")',
    'expected /solution/code_patches/0/file_path to be relative, found "C:\\\\src\\\\a.py"',
  ],
  [
    "myrmo/file-path-escapes-root",
    "a patch path's `..` segments climb above the project root (warning: upstream colonies accept it)",
    'schema description of `file_path` ("RELATIVE to the project root")',
    'expected /solution/code_patches/0/file_path inside the project, found "../../etc/passwd"',
  ],
  [
    "slipway/command-argv-prefix",
    "in every `next` with `operation: \"command\"`, each variant's argv starts with the command's argv",
    `${SLIP}, item 1`,
    'expected /next/0/variants/1/argv to start with ["slipway","run"], found ["slipway","go"]',
  ],
  [
    "slipway/max-utf8-bytes",
    "the length-limited strings are limited by UTF-8 byte length, not code points",
    `${SLIP}, item 2`,
    "expected /summary to be at most 200 UTF-8 bytes, found 212",
  ],
  [
    "slipway/required-for-action",
    "`requirements.required_for_action` equals the keys of the action's required inputs",
    `${SLIP}, item 3`,
    'expected required_for_action to list "path", found it missing',
  ],
  [
    "slipway/error-details",
    "error codes the reference gives strict details carry them (e.g. `details.committed` on mutation_committed_output_failed)",
    "packages/protocol-slipway/src/rules/cli-error.ts (reference CLI)",
    "expected /details/committed to be true, found false",
  ],
  [
    "slipway/error-recovery",
    "a committed-but-unanswered mutation points at `slipway status`, never a replay",
    "packages/protocol-slipway/src/rules/cli-error.ts (reference CLI)",
    'expected /next to point at "slipway status", found a replay of the mutation',
  ],
  [
    "slipway/version-url-mismatch",
    "a document's version field equals the version in its schema URL",
    'machine-protocol.schema.json ("the URL version and contract_version always agree")',
    "expected contract_version 2 as in the $schema URL, found 3",
  ],
  [
    "myloop/history-unchecked",
    "the _history_ rules (append-only files, locked baselines) could not run: the run directory is not in a git repository or not committed (info)",
    "schemas/myloop/README.md, rules marked _history_ (packages/protocol-myloop/src/lint/history.ts)",
    "expected the run directory inside a git repository to check the locked baselines and append-only files against their history, found none: not checked",
  ],
];

export function protocolRuleEntries(): CodeEntry[] {
  return RULES.map(([code, meaning, source, example]) => ({
    code,
    family: `${code.split("/")[0]} rules`,
    meaning,
    source,
    example,
  }));
}
