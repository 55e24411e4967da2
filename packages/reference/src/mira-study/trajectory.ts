import type { Case, SimTranscript } from "./sim.js";

/**
 * The ATIF trajectory of a `sim` run: the user's prompt, one agent step per tool call (with its
 * observation), then the final answer. Deterministic, and its projections (final_response, tool_calls,
 * iterations, usage) equal the flat transcript fields, as Mira 1.1 requires.
 */
export function trajectory(c: Case, t: SimTranscript): Record<string, unknown> {
  const agent = (message: string, extra: Record<string, unknown> = {}) => ({
    source: "agent",
    message,
    model_name: "sim",
    llm_call_count: 1,
    ...extra,
  });
  const steps: Record<string, unknown>[] = [{ source: "user", message: c.sample.input }];
  for (const [i, name] of t.tool_calls.entries()) {
    const id = `call-${i + 1}`;
    steps.push(
      agent("", {
        tool_calls: [{ tool_call_id: id, function_name: name, arguments: { expression: c.sample.input } }],
        observation: { results: [{ source_call_id: id, content: c.sample.expected }] },
      }),
    );
  }
  steps.push(agent(t.final_response));
  return {
    schema_version: "ATIF-v1.7",
    session_id: `${c.eval.name}/${c.sample.id}@${c.target}`,
    agent: { name: "keel-reference-sim", version: "0.0.0" },
    steps: steps.map((s, i) => ({ step_id: i + 1, ...s })),
    final_metrics: {
      total_prompt_tokens: t.usage.input_tokens,
      total_completion_tokens: t.usage.output_tokens,
      total_cost_usd: t.usage.cost_usd,
      total_steps: steps.length,
    },
  };
}
