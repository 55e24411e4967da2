import type { Outcome } from "../../channels/rpc-stdio/session.js";
import { prefixed, unanswered } from "../../verdicts.js";
import { pool } from "../kit/pool.js";
import { json, type Obj, obj } from "../kit/values.js";
import { answered, type Context, noResult } from "./context.js";
import { awaitFinished, judgeEvents } from "./judge-events.js";
import type { PlannedCase } from "./plan.js";
import { resultProblem } from "./results.js";
import { judgeTrajectory } from "./trajectory.js";

/** Runs the planned cases, several in flight at once, and judges each result and its events. */
export async function runPhase(ctx: Context, cases: PlannedCase[]): Promise<void> {
  const { v } = ctx;
  if (cases.length === 0) {
    for (const n of ["run-valid", "run-echo", "run-verdict-consistent", "runs-concurrent"])
      v.skip(`mira/${n}`, "the study lists no case on an available target");
    return;
  }
  const first = await paced(ctx, cases[0] as PlannedCase);
  const rest = await pool(cases.slice(1), ctx.concurrency, (c) => ctx.s.request("run", c));
  const outcomes = [first, ...rest];
  await awaitFinished(ctx, outcomes);
  for (const [i, o] of outcomes.entries()) judgeRun(ctx, cases[i] as PlannedCase, o);
  if (cases.length < 2 || ctx.concurrency < 2)
    v.skip("mira/runs-concurrent", "fewer than two cases to run at once");
  else {
    // runs that went unanswered while others answered lost their answer; none answered at all is a hang
    const missing = outcomes.filter((o) => !o.response).length;
    const what = `${missing} of ${outcomes.length} concurrent runs got no response`;
    v.expect(
      "mira/runs-concurrent",
      missing === 0
        ? undefined
        : missing === outcomes.length && outcomes.every((o) => o.timedOut)
          ? unanswered(`${what}: ${outcomes[0]?.missing}`)
          : what,
    );
  }
  if (!ctx.caps.has("events")) {
    v.skip("mira/events-correlated", "capability events not advertised");
    v.skip("mira/events-ordered", "capability events not advertised");
  }
}

/**
 * The first run goes alone, waited for up to the hard cap, and its duration is the study's pace:
 * every later wait allows twice that (never less than --timeout, never more than the cap), so a
 * study whose runs are slow is not failed for slowness, and one slow answer does not cascade.
 */
async function paced(ctx: Context, c: PlannedCase): Promise<Outcome> {
  const { capMs, idleMs } = ctx.timeouts;
  const o = await ctx.s.request("run", c, {}, { idleMs: capMs, capMs });
  if (!o.response) return o;
  const idle = Math.min(capMs, Math.max(idleMs, 2 * o.ms));
  ctx.timeouts = { idleMs: idle, capMs };
  ctx.s.timeouts = ctx.timeouts;
  return o;
}

function judgeRun(ctx: Context, c: PlannedCase, o: Outcome): void {
  const { v } = ctx;
  const result = answered(ctx, o);
  const key = `${c.eval}/${c.sample}@${c.target}${c.trial === undefined ? "" : `#${c.trial}`}`;
  const problem = result ? resultProblem("run", result) : noResult(o);
  v.expect("mira/run-valid", prefixed(`run ${key}: `, problem), { actual: json(o.response) });
  judgeTrajectory(ctx, `run ${key}`, obj(result?.transcript)?.trajectory);
  if (ctx.caps.has("events")) judgeEvents(ctx, c, o, key);
  if (problem || !result) return;
  const sent: Obj = {
    eval: c.eval,
    sample: c.sample,
    target: c.target,
    params: c.params,
    trial: c.trial,
    trials: c.trials,
    seed: c.seed,
  };
  const got: Obj = { ...result, params: result.params ?? {} };
  const wrong = Object.keys(sent).filter(
    (k) => sent[k] !== undefined && json(onWire(k, sent[k])) !== json(onWire(k, got[k])),
  );
  v.expect("mira/run-echo", wrong.length ? `run ${key} does not echo ${wrong.join(", ")}` : undefined, {
    expected: json(Object.fromEntries(wrong.map((k) => [k, sent[k]]))),
    actual: json(Object.fromEntries(wrong.map((k) => [k, got[k]]))),
  });
  if (result.skipped !== true) judgeVerdict(ctx, key, result);
}

/**
 * A member as the seed's serde writes it: `trial` 0 and `trials` 0 or 1 are skipped on the wire
 * (`skip_serializing_if = "is_zero"` / `"is_single_trial"`), so an absent one echoes the default.
 */
export function onWire(key: string, value: unknown): unknown {
  if (key === "trial" && value === 0) return undefined;
  if (key === "trials" && (value === 0 || value === 1)) return undefined;
  return value;
}

function judgeVerdict(ctx: Context, key: string, r: Obj): void {
  const counted = (r.scores as { value: number; pass: boolean; na?: boolean }[]).filter((s) => s.na !== true);
  const passed = counted.length > 0 && counted.every((s) => s.pass);
  const aggregate = counted.length ? counted.reduce((n, s) => n + s.value, 0) / counted.length : 0;
  const ok =
    r.passed === passed && (counted.length === 0 || Math.abs((r.aggregate as number) - aggregate) < 1e-9);
  ctx.v.expect(
    "mira/run-verdict-consistent",
    ok ? undefined : `run ${key}: passed/aggregate disagree with the scores`,
    {
      expected: json({ passed, aggregate }),
      actual: json({ passed: r.passed, aggregate: r.aggregate }),
    },
  );
}
