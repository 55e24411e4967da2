import type { FillRequest } from "../generated/downgrade.gen.js";

interface Step {
  source?: string;
  message?: unknown;
  llm_call_count?: number;
  tool_calls?: Array<{ function_name?: string }>;
  metrics?: { prompt_tokens?: number; completion_tokens?: number; cost_usd?: number };
}
interface Trajectory {
  steps?: Step[];
  final_metrics?: { total_prompt_tokens?: number; total_completion_tokens?: number; total_cost_usd?: number };
}

/**
 * Mira's projection of a 1.1 trajectory onto the flat 1.0 transcript fields (schemas/mira/README.md,
 * "Versions"): what a 1.0 host reads from `final_response`, `tool_calls_count`, `iterations` and `usage`
 * when a 1.1 study sent only the trajectory. Anything it does not project falls back to the 1.1 defaults.
 */
export function miraProjection(r: FillRequest): unknown {
  const t = r.original.trajectory as Trajectory | null | undefined;
  if (t === null || t === undefined || typeof t !== "object") return undefined;
  const agent = (t.steps ?? []).filter((s) => s.source === "agent");
  switch (r.property) {
    case "final_response": {
      const last = agent.at(-1)?.message;
      return typeof last === "string" ? last : undefined;
    }
    case "tool_calls_count":
      return agent.reduce((n, s) => n + (s.tool_calls?.length ?? 0), 0);
    case "iterations":
      return agent.filter((s) => s.llm_call_count !== 0).length;
    case "usage": {
      const m = t.final_metrics;
      const sum = (k: "prompt_tokens" | "completion_tokens" | "cost_usd") =>
        agent.reduce((n, s) => n + (s.metrics?.[k] ?? 0), 0);
      return {
        input_tokens: m?.total_prompt_tokens ?? sum("prompt_tokens"),
        output_tokens: m?.total_completion_tokens ?? sum("completion_tokens"),
        cost_usd: m?.total_cost_usd ?? sum("cost_usd"),
      };
    }
    default:
      return undefined;
  }
}
