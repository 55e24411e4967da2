import { json, obj } from "../kit/values.js";
import { type Context, call } from "./caller.js";
import { afterEnd, afterImplement, afterOrient } from "./probes.js";
import { followNext } from "./run-to-end.js";

export const GOAL = "add one tutorial line to README.md";

/**
 * The seed's tutorial (recorded steps 01–10): `run --json --no-review`, then only what `next` offers
 * until the Run ends, with the recording's idempotency and error probes between the steps. Returns the
 * Run id.
 */
export async function tutorialPhase(ctx: Context): Promise<string | undefined> {
  const { v, w } = ctx;
  const start = await call(ctx, [
    "run",
    "--budget",
    "4",
    "--json",
    "--root",
    w.ws,
    "--no-review",
    "--",
    GOAL,
  ]);
  if (ctx.couldNotStart) return undefined;
  const first = obj(start.doc?.action);
  const operation = obj(start.doc?.next)?.operation;
  v.expect(
    "slipway/run-starts",
    start.exit !== 0
      ? `run --json failed (exit ${start.exit}): ${json(start.error ?? start.r.stderr)}`
      : start.doc?.state !== "active" || first?.kind !== "orient" || operation !== "action"
        ? `run --json answered state ${json(start.doc?.state)}, action ${json(first?.kind)}, next ${json(operation)}`
        : undefined,
    { expected: "state active, action orient, next.operation action", actual: json(start.doc) },
  );
  if (start.exit !== 0) return undefined;
  const driven = await followNext(ctx, start.doc, async (done) => {
    if (done.kind === "orient") {
      ctx.orientId = done.actionId;
      await afterOrient(ctx, done);
    }
    if (done.kind === "implement") await afterImplement(ctx, done);
    if (done.answer.doc?.state === "ended") await afterEnd(ctx, done);
  });
  // what the ended Run then offers is slipway/state-consistent's and the schema's
  const problem =
    driven.problem ??
    (driven.state?.state !== "ended"
      ? `the Run did not end by following next: state ${json(driven.state?.state)} after ${driven.kinds.join(" → ") || "no action"}`
      : undefined);
  v.expect("slipway/lifecycle", problem, {
    expected: "orient → implement → summarize → ended",
    actual: driven.kinds.join(" → "),
  });
  return typeof start.doc?.run_id === "string" ? start.doc.run_id : undefined;
}
