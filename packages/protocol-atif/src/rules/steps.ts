import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, type Json, present, records, ruleFinding } from "@keel/diagnostics";

// Harbor's step rules, as schemas/atif/README.md reads them ("Rules the schema cannot check").

/** `atif/step-id-sequence`: step ids run 1, 2, 3 … in array order (restarting in every embedded subagent). */
export function stepIdSequence(trajectory: Json, pointer: string): Finding[] {
  return records(trajectory, "steps", pointer).flatMap(([step, p], i) =>
    step.step_id === i + 1
      ? []
      : [
          ruleFinding(
            "atif/step-id-sequence",
            at(p, "step_id"),
            `expected step_id ${i + 1} (steps are numbered 1, 2, 3 … in order), found ${JSON.stringify(step.step_id)}`,
          ),
        ],
  );
}

const agentOnly = ["model_name", "reasoning_effort", "reasoning_content", "tool_calls", "metrics"] as const;

/** `atif/agent-only-field`: model and tool fields appear only on `source: "agent"` steps. */
export function agentOnlyFields(trajectory: Json, pointer: string): Finding[] {
  return records(trajectory, "steps", pointer).flatMap(([step, p]) =>
    step.source === "agent"
      ? []
      : agentOnly
          .filter((key) => present(step[key]))
          .map((key) =>
            ruleFinding(
              "atif/agent-only-field",
              at(p, key),
              `expected ${key} only on agent steps, found it on a ${String(step.source)} step`,
            ),
          ),
  );
}

/** `atif/zero-llm-calls-forbids`: a deterministic agent step (`llm_call_count: 0`) has no metrics or reasoning. */
export function zeroLlmCalls(trajectory: Json, pointer: string): Finding[] {
  return records(trajectory, "steps", pointer).flatMap(([step, p]) =>
    step.source === "agent" && step.llm_call_count === 0
      ? (["metrics", "reasoning_content"] as const)
          .filter((key) => present(step[key]))
          .map((key) =>
            ruleFinding(
              "atif/zero-llm-calls-forbids",
              at(p, key),
              `expected no ${key} on an agent step with llm_call_count 0, found one`,
            ),
          )
      : [],
  );
}

/** `atif/source-call-id-unknown`: an observation result's `source_call_id` names a tool call of its step. */
export function sourceCallIds(trajectory: Json, pointer: string): Finding[] {
  return records(trajectory, "steps", pointer).flatMap(([step, p]) => {
    const ids = new Set(records(step, "tool_calls", p).map(([call]) => call.tool_call_id));
    const observation = step.observation;
    if (observation === null || typeof observation !== "object") return [];
    return records(observation as Json, "results", at(p, "observation")).flatMap(([result, rp]) =>
      present(result.source_call_id) && !ids.has(result.source_call_id)
        ? [
            ruleFinding(
              "atif/source-call-id-unknown",
              at(rp, "source_call_id"),
              `expected source_call_id to name a tool_call_id of the same step (${[...ids].map(String).join(", ") || "none"}), found ${JSON.stringify(result.source_call_id)}`,
            ),
          ]
        : [],
    );
  });
}

/** `atif/tool-call-id-duplicate`: `tool_call_id` is described as unique; checked within one step. */
export function toolCallIdsUnique(trajectory: Json, pointer: string): Finding[] {
  return records(trajectory, "steps", pointer).flatMap(([step, p]) => {
    const seen = new Set<unknown>();
    return records(step, "tool_calls", p).flatMap(([call, cp]) => {
      const id = call.tool_call_id;
      if (!seen.has(id)) {
        seen.add(id);
        return [];
      }
      return [
        ruleFinding(
          "atif/tool-call-id-duplicate",
          at(cp, "tool_call_id"),
          `expected tool_call_id values unique within a step, found ${JSON.stringify(id)} again`,
        ),
      ];
    });
  });
}

// A date-time profile of ISO 8601 (schemas/atif/README.md, decision 6).
const iso8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `atif/timestamp-iso8601`: step timestamps are ISO 8601 date-times. */
export function timestamps(trajectory: Json, pointer: string): Finding[] {
  return records(trajectory, "steps", pointer).flatMap(([step, p]) =>
    typeof step.timestamp === "string" && !iso8601.test(step.timestamp)
      ? [
          ruleFinding(
            "atif/timestamp-iso8601",
            at(p, "timestamp"),
            `expected an iso 8601 date-time such as 2025-01-31T12:00:00Z, found ${JSON.stringify(step.timestamp)}`,
          ),
        ]
      : [],
  );
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const stepsCodes: readonly CodeDescription[] = [
  {
    code: "atif/step-id-sequence",
    meaning: "`step_id`s are 1, 2, 3 … in array order, restarting at 1 inside every embedded subagent",
    requirements: ["atif/step-id-sequence"],
    example: "expected /steps/2/step_id to be 3, found 5",
  },
  {
    code: "atif/agent-only-field",
    meaning:
      "`model_name`, `reasoning_effort`, `reasoning_content`, `tool_calls`, `metrics` appear only on agent steps",
    requirements: ["atif/agent-only-fields"],
    example: 'expected no /steps/0/metrics on a "user" step, found one',
  },
  {
    code: "atif/zero-llm-calls-forbids",
    meaning: "an agent step with `llm_call_count: 0` has no `metrics` and no `reasoning_content`",
    requirements: ["atif/zero-llm-calls"],
    example: "expected no /steps/3/metrics on a step with llm_call_count 0, found one",
  },
  {
    code: "atif/source-call-id-unknown",
    meaning: "a non-null `source_call_id` names a `tool_call_id` of the same step",
    requirements: ["atif/source-call-id-known"],
    example:
      'expected /steps/1/observation/results/0/source_call_id to name a tool call of step 2, found "c9"',
  },
  {
    code: "atif/tool-call-id-duplicate",
    meaning: "`tool_call_id`s are unique within a step",
    requirements: ["atif/tool-call-id-unique"],
    example: 'expected unique tool_call_id in /steps/2/tool_calls, found "c1" twice',
  },
  {
    code: "atif/timestamp-iso8601",
    meaning: "step timestamps are ISO 8601",
    requirements: ["atif/timestamp-iso8601", "atif/timestamp-profile"],
    example: 'expected /steps/0/timestamp to be ISO 8601, found "yesterday"',
  },
];
