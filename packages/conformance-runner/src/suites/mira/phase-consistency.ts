import type { Outcome } from "../../channels/rpc-stdio/session.js";
import { type Problem, unanswered } from "../../verdicts.js";
import { json, type Obj, obj } from "../kit/values.js";
import { answered, type Context } from "./context.js";
import type { PlannedCase } from "./plan.js";
import { resultProblem } from "./results.js";

const CANCELLED_AT_ONCE = 3;
const identityKeys = ["eval", "sample", "target", "params", "trial", "trials", "seed"] as const;
const verdictOf = (r: Obj) => ({
  passed: r.passed,
  aggregate: r.aggregate,
  scores: ((r.scores as Obj[] | undefined) ?? []).map((s) => [s.scorer, s.value, s.pass, s.na === true]),
});

/**
 * execute + score of a case against run of the same case: the same case identity, and — when the
 * subject answered the same (a deterministic subject; otherwise nothing can be compared) — the same
 * verdict and scores.
 */
export async function executeConsistent(ctx: Context, c: PlannedCase): Promise<void> {
  const name = "mira/execute-consistent";
  if (!ctx.caps.has("execute") || !ctx.caps.has("score"))
    return ctx.v.skip(name, "capabilities execute and score not both advertised");
  const run = valid(ctx, "run", await ctx.s.request("run", c));
  const exec = valid(ctx, "execute", await ctx.s.request("execute", c));
  const transcript = obj(exec?.transcript);
  if (!run || !exec || !transcript || run.skipped === true || exec.skipped === true)
    return ctx.v.skip(name, "blocked: run or execute gave no comparable result");
  const scored = valid(ctx, "score", await ctx.s.request("score", { ...c, transcript }));
  if (!scored) return ctx.v.skip(name, "blocked: score gave no valid result");
  const norm = (r: Obj): Obj => ({ ...r, params: r.params ?? {} });
  const differs = identityKeys.filter((k) => json(norm(run)[k]) !== json(norm(exec)[k]));
  if (differs.length)
    return ctx.v.fail(name, `execute and run of one case disagree on ${differs.join(", ")}`, {
      expected: json(Object.fromEntries(differs.map((k) => [k, norm(run)[k]]))),
      actual: json(Object.fromEntries(differs.map((k) => [k, norm(exec)[k]]))),
    });
  if (obj(run.transcript)?.final_response !== transcript.final_response) return ctx.v.pass(name);
  const [want, got] = [json(verdictOf(run)), json(verdictOf(scored))];
  ctx.v.expect(name, want === got ? undefined : "score of the execute transcript disagrees with run", {
    expected: want,
    actual: got,
  });
}

/** Several runs in flight cancelled at once: every one resolves, as cancel said it would. */
export async function cancelConcurrent(ctx: Context, c: PlannedCase): Promise<void> {
  const name = "mira/cancel-concurrent";
  if (!ctx.caps.has("cancel")) return ctx.v.skip(name, "capability cancel not advertised");
  const runs: { id: number; outcome: Promise<Outcome> }[] = [];
  for (let i = 0; i < CANCELLED_AT_ONCE; i++) {
    const outcome = ctx.s.request("run", c);
    runs.push({ id: ctx.s.lastId(), outcome });
  }
  const cancels = runs.map((r) => ctx.s.request("cancel", { id: r.id }));
  const resolved = await Promise.all(runs.map((r) => r.outcome));
  // a run unanswered while another resolved lost its answer; none resolved at all is keel's wait running out
  const noneResolved = resolved.every((o) => !o.response);
  for (const [i, r] of runs.entries()) {
    const [ro, co] = [resolved[i] as Outcome, await (cancels[i] as Promise<Outcome>)];
    const cr = answered(ctx, co);
    answered(ctx, ro);
    let problem: Problem | undefined;
    if (!cr && co.timedOut) problem = unanswered(`cancel of run ${r.id}: ${co.missing}`);
    else if (!cr || resultProblem("cancel", cr))
      problem = `cancel of run ${r.id} answered ${json(co.response)}`;
    else if (!ro.response)
      problem =
        ro.timedOut && noneResolved
          ? unanswered(`run ${r.id}, cancelled with ${CANCELLED_AT_ONCE - 1} others: ${ro.missing}`)
          : `run ${r.id}, cancelled with ${CANCELLED_AT_ONCE - 1} others, never resolved`;
    else if (cr.cancelled === true && obj(ro.response.error)?.message !== "cancelled")
      problem = `cancel of run ${r.id} said cancelled: true but the run did not answer error "cancelled"`;
    ctx.v.expect(name, problem, {
      expected: 'each run resolves: error "cancelled" when cancel said so, else its result',
      actual: `cancel ${json(co.response?.result)}, run ${json(ro.response ?? ro.missing)}`,
    });
  }
}

function valid(ctx: Context, method: string, o: Outcome): Obj | undefined {
  const r = answered(ctx, o);
  if (!r) return undefined;
  // the trajectory is mira/trajectory-valid's business
  const t = obj(r.transcript);
  return resultProblem(method, t ? { ...r, transcript: { ...t, trajectory: undefined } } : r) ? undefined : r;
}
