import { isRecord } from "@keel/diagnostics";
import type { FillRequest } from "@keel/downgrade";

/**
 * Mira's projection of a 1.1 trajectory onto the flat 1.0 transcript fields (schemas/mira/README.md,
 * "Versions"): what a 1.0 host reads from `final_response`, `tool_calls`, `tool_calls_count`,
 * `iterations` and `usage` when a 1.1 study sent only the trajectory. What it cannot project (no
 * trajectory, or one malformed) falls back to the 1.1 defaults for required fields and stays absent
 * for optional ones; it never throws on a hostile document.
 */
export function miraProjection(r: FillRequest): unknown {
  const t = r.original.trajectory;
  if (!isRecord(t) || !Array.isArray(t.steps)) return undefined;
  const agent = t.steps.filter((s): s is Record<string, unknown> => isRecord(s) && s.source === "agent");
  const calls = agent.flatMap((s) => (Array.isArray(s.tool_calls) ? s.tool_calls : []));
  switch (r.property) {
    case "final_response":
      return textOf(agent.at(-1)?.message);
    case "tool_calls": {
      const names = calls.map((c) => (isRecord(c) ? c.function_name : undefined));
      return names.every((n) => typeof n === "string") && names.length > 0 ? names : undefined;
    }
    case "tool_calls_count":
      return calls.length;
    case "iterations":
      return agent.filter((s) => s.llm_call_count !== 0).length;
    case "usage":
      return usageOf(agent, isRecord(t.final_metrics) ? t.final_metrics : {});
    default:
      return undefined;
  }
}

/** An ATIF message as text: a string, or the text parts of a content-part array joined. */
function textOf(message: unknown): string | undefined {
  if (typeof message === "string") return message;
  if (!Array.isArray(message)) return undefined;
  const texts = message.filter((p) => isRecord(p) && p.type === "text" && typeof p.text === "string");
  return texts.length === 0 ? undefined : texts.map((p) => (p as { text: string }).text).join("\n");
}

/** 1.0's usage from the trajectory's final metrics, else summed over the agent steps' metrics. */
function usageOf(agent: Record<string, unknown>[], totals: Record<string, unknown>) {
  const sum = (k: string) =>
    agent.reduce((n, s) => {
      const v = isRecord(s.metrics) ? s.metrics[k] : undefined;
      return n + (typeof v === "number" && Number.isFinite(v) ? v : 0);
    }, 0);
  const pick = (total: string, step: string) =>
    typeof totals[total] === "number" ? (totals[total] as number) : sum(step);
  const usage = {
    input_tokens: pick("total_prompt_tokens", "prompt_tokens"),
    output_tokens: pick("total_completion_tokens", "completion_tokens"),
    cost_usd: pick("total_cost_usd", "cost_usd"),
  };
  // ATIF bounds no metric below; 1.0's usage is never negative: a sum it cannot carry is left out
  return Object.values(usage).some((n) => n < 0) ? undefined : usage;
}
