import type { Eval, Sample } from "./catalogue.js";

export interface Case {
  eval: Eval;
  sample: Sample;
  target: string;
  params: Record<string, string>;
  seed?: number;
}

export interface SimTranscript {
  final_response: string;
  iterations: number;
  tool_calls_count: number;
  tool_calls: string[];
  usage: { input_tokens: number; output_tokens: number; cost_usd: number };
}

/** The `sim` target: a deterministic subject. The answer depends only on the case, never on time. */
export function simulate(c: Case): SimTranscript {
  const effort = c.params.effort ?? "low";
  // low effort gets every third arith sample wrong, so scores vary but replay identically
  const index = Number(c.sample.id.split("-")[1] ?? 0);
  const wrong = c.eval.name === "arith" && effort === "low" && index % 3 === 2;
  const answer = wrong ? "I am not sure" : `The answer is ${c.sample.expected}.`;
  const tools = c.eval.name === "arith" ? ["calculator"] : [];
  return {
    final_response: answer,
    iterations: tools.length + 1,
    tool_calls_count: tools.length,
    tool_calls: tools,
    usage: { input_tokens: c.sample.input.length, output_tokens: answer.length, cost_usd: 0 },
  };
}

export interface Score {
  scorer: string;
  value: number;
  pass: boolean;
  reason: string;
  na?: boolean;
}

/** Scores a transcript; the `judge` scorer is N/A on odd seeds to exercise N/A exclusion. */
export function score(e: Eval, sample: Sample, finalResponse: string, seed?: number): Score[] {
  return e.scorers.map((scorer): Score => {
    if (scorer === "judge" && seed !== undefined && seed % 2 === 1)
      return { scorer, value: 0, pass: false, reason: "judge unreachable", na: true };
    if (scorer === "succeeded") return { scorer, value: 1, pass: true, reason: "no error" };
    const found = finalResponse.includes(sample.expected);
    return {
      scorer,
      value: found ? 1 : 0,
      pass: found,
      reason: found ? `found "${sample.expected}"` : "not found",
    };
  });
}

/** Case verdict and aggregate over the scores that are not N/A. */
export function verdict(scores: Score[]): { passed: boolean; aggregate: number } {
  const counted = scores.filter((s) => !s.na);
  if (counted.length === 0) return { passed: false, aggregate: 0 };
  const aggregate = counted.reduce((n, s) => n + s.value, 0) / counted.length;
  return { passed: counted.every((s) => s.pass), aggregate };
}
