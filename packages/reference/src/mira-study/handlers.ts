import { registryEntry } from "@keel/mira";
import { catalogue, type Eval, findEval, type Sample } from "./catalogue.js";
import { invalidParams } from "./errors.js";
import { type Case, score, simulate, verdict } from "./sim.js";
import { trajectory } from "./trajectory.js";

type Params = Record<string, unknown>;

/** Capabilities the reference study implements: every one the registry defines. */
export const capabilities = registryEntry.facts.capabilities;

export function initialize(): Params {
  return {
    protocol_version: registryEntry.version,
    study: "keel-reference",
    evals: catalogue.length,
    study_version: "0.0.0",
    capabilities,
    capability_params: {
      events: { kinds: ["started", "turn", "finished"] },
      trajectory: { format: "ATIF", version: "1.7" },
    },
  };
}

const sampleInfo = (s: Sample) => ({ id: s.id, tags: s.tags });

function page(e: Eval, offset: number): { samples: unknown[]; next_cursor?: string } {
  const end = offset + e.pageSize;
  const samples = e.samples.slice(offset, end).map(sampleInfo);
  return end < e.samples.length ? { samples, next_cursor: String(end) } : { samples };
}

export function list(): Params {
  return {
    evals: catalogue.map((e) => ({
      name: e.name,
      description: e.description,
      ...page(e, 0),
      scorers: e.scorers,
      targets: e.targets,
      axes: e.axes,
      max_turns: 4,
      trials: e.trials,
      ...(e.seed === undefined ? {} : { seed: e.seed }),
    })),
  };
}

export function listSamples(p: Params): Params {
  const e = findEval(String(p.eval));
  if (!e) throw invalidParams(`no such eval: ${p.eval}`);
  const offset = Number(p.cursor);
  if (typeof p.cursor !== "string" || !Number.isInteger(offset) || offset < 0)
    throw invalidParams(`bad cursor: ${JSON.stringify(p.cursor)}`);
  return page(e, offset);
}

/** Resolves run/execute/score params to a case, or fails with invalid params (never retryable). */
export function resolveCase(p: Params): Case {
  const e = findEval(String(p.eval));
  if (!e) throw invalidParams(`no such eval: ${p.eval}`);
  const sample = e.samples.find((s) => s.id === p.sample);
  if (!sample) throw invalidParams(`no such sample in ${e.name}: ${p.sample}`);
  const target = e.targets.find((t) => t.label === p.target);
  if (!target) throw invalidParams(`no such target: ${p.target}`);
  const params = (p.params ?? {}) as Record<string, string>;
  return {
    eval: e,
    sample,
    target: target.label,
    params,
    ...(typeof p.seed === "number" ? { seed: p.seed } : {}),
  };
}

/** The fields a result echoes from its request: the case identity and the trial. */
export function identity(p: Params, c: Case): Params {
  return {
    eval: c.eval.name,
    sample: c.sample.id,
    target: c.target,
    params: c.params,
    ...(p.trial === undefined ? {} : { trial: p.trial }),
    ...(p.trials === undefined ? {} : { trials: p.trials }),
    ...(p.seed === undefined ? {} : { seed: p.seed }),
  };
}

const available = (c: Case) => c.eval.targets.find((t) => t.label === c.target)?.available === true;

export function runResult(p: Params, c: Case, finalResponse?: string): Params {
  const base = { ...identity(p, c), input: [c.sample.input], expected: c.sample.expected };
  if (!available(c))
    return { ...base, passed: false, aggregate: 0, scores: [], transcript: emptySummary(), skipped: true };
  const t = simulate(c);
  const response = finalResponse ?? t.final_response;
  const scores = score(c.eval, c.sample, response, c.seed);
  return {
    ...base,
    ...verdict(scores),
    scores,
    transcript: { ...t, final_response: response },
    skipped: false,
  };
}

export function executeResult(p: Params, c: Case): Params {
  if (!available(c)) return { ...identity(p, c), transcript: {}, skipped: true };
  const t = simulate(c);
  return {
    ...identity(p, c),
    transcript: { ...t, events: [], files: {}, trajectory: trajectory(c, t) },
    skipped: false,
  };
}

const emptySummary = () => ({
  final_response: "",
  iterations: 0,
  tool_calls_count: 0,
  usage: { input_tokens: 0, output_tokens: 0, cost_usd: 0 },
});
