import { type Problem, prefixed, unanswered } from "../../verdicts.js";
import { json, type Obj, obj } from "../kit/values.js";
import { answered, type Context, noResult } from "./context.js";
import { cancelConcurrent, executeConsistent } from "./phase-consistency.js";
import { onWire } from "./phase-runs.js";
import type { PlannedCase } from "./plan.js";
import { resultProblem } from "./results.js";
import { judgeTrajectory } from "./trajectory.js";

const identityKeys = ["eval", "sample", "target", "trial", "trials", "seed"] as const;

/** execute → score on one case, and cancel of a run in flight, each only when advertised. */
export async function deferredPhase(ctx: Context, c0: PlannedCase | undefined, none: string): Promise<void> {
  const { v, caps } = ctx;
  if (!caps.has("execute")) v.skip("mira/execute-valid", "capability execute not advertised");
  if (!caps.has("score")) v.skip("mira/score-valid", "capability score not advertised");
  if (!caps.has("cancel")) v.skip("mira/cancel-in-flight", "capability cancel not advertised");
  if (!c0) {
    const names = ["execute-valid", "trajectory-valid", "score-valid", "cancel-in-flight"];
    for (const n of [...names, "execute-consistent", "cancel-concurrent"]) v.skip(`mira/${n}`, none);
    return;
  }
  let transcript: Obj | undefined;
  if (caps.has("execute")) transcript = await execute(ctx, c0);
  if (caps.has("score")) await score(ctx, c0, transcript);
  if (caps.has("cancel")) await cancelInFlight(ctx, c0);
  await executeConsistent(ctx, c0);
  await cancelConcurrent(ctx, c0);
  v.skip(
    "mira/trajectory-valid",
    caps.has("trajectory") ? "the study sent no trajectory" : "capability trajectory not advertised",
  );
}

const echoProblem = (c: PlannedCase, r: Obj) => {
  const wrong = identityKeys.filter(
    (k) => c[k] !== undefined && json(onWire(k, c[k])) !== json(onWire(k, r[k])),
  );
  return wrong.length ? `does not echo ${wrong.join(", ")}` : undefined;
};

async function execute(ctx: Context, c: PlannedCase): Promise<Obj | undefined> {
  const o = await ctx.s.request("execute", c);
  const r = answered(ctx, o);
  const transcript = obj(r?.transcript);
  // the trajectory is judged by mira/trajectory-valid, which tolerates what Mira's leniency covers
  const rest = r && transcript ? { ...r, transcript: { ...transcript, trajectory: undefined } } : r;
  if (transcript) judgeTrajectory(ctx, "execute", transcript.trajectory);
  const problem = rest ? (resultProblem("execute", rest) ?? echoProblem(c, rest)) : noResult(o);
  ctx.v.expect("mira/execute-valid", prefixed("execute: ", problem), { actual: json(o.response) });
  return problem ? undefined : obj(r?.transcript);
}

async function score(ctx: Context, c: PlannedCase, transcript: Obj | undefined): Promise<void> {
  const sent = transcript ?? {
    final_response: "",
    iterations: 0,
    tool_calls_count: 0,
    usage: { input_tokens: 0, output_tokens: 0, cost_usd: 0 },
  };
  const o = await ctx.s.request("score", { ...c, transcript: sent });
  const r = answered(ctx, o);
  let problem: Problem | undefined = r ? (resultProblem("score", r) ?? echoProblem(c, r)) : noResult(o);
  const summary = obj(r?.transcript);
  // the summary of a supplied transcript must be that transcript's, not a fresh run's
  if (!problem && transcript && summary?.final_response !== transcript.final_response)
    problem = "the scored transcript is not the one supplied";
  ctx.v.expect("mira/score-valid", prefixed("score: ", problem), {
    expected: transcript ? json({ final_response: transcript.final_response }) : "a valid RunResult",
    actual: json(o.response),
  });
}

async function cancelInFlight(ctx: Context, c: PlannedCase): Promise<void> {
  const run = ctx.s.request("run", c);
  const runId = ctx.s.lastId();
  const cancel = await ctx.s.request("cancel", { id: runId });
  const [ro, cr] = [await run, answered(ctx, cancel)];
  answered(ctx, ro);
  const err = obj(ro.response?.error);
  let problem: Problem | undefined;
  if (!cr && cancel.timedOut) problem = unanswered(`cancel: ${cancel.missing}`);
  else if (!cr || resultProblem("cancel", cr))
    problem = `cancel answered ${json(cancel.response ?? cancel.missing)}`;
  else if (!ro.response)
    problem = ro.timedOut
      ? unanswered(`the cancelled run: ${ro.missing}`)
      : `the cancelled run never resolved: ${ro.missing}`;
  else if (cr.cancelled === true && err?.message !== "cancelled")
    problem = 'cancel said cancelled: true but the run did not resolve with the error "cancelled"';
  ctx.v.expect("mira/cancel-in-flight", problem, {
    expected: 'cancelled: true and the run answers error "cancelled", or cancelled: false and its result',
    actual: `cancel ${json(cancel.response?.result)}, run ${json(ro.response)}`,
  });
}
