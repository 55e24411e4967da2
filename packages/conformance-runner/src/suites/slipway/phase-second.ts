import { join } from "node:path";
import { json, obj } from "../kit/values.js";
import { type Context, call } from "./caller.js";
import { expectRefused, nextActionId, variantArgv } from "./follow.js";
import { outcome, text } from "./outcomes.js";

/**
 * Recorded steps 11–18 in the same workspace: status of the ended Run, a second Run from a goal file,
 * list, skip (and a submit for the skipped action), stop (and a submit then), resume, resume again,
 * status of every Run.
 */
export async function secondPhase(ctx: Context, firstRun: string | undefined): Promise<void> {
  const { v, w } = ctx;
  if (firstRun) {
    const status = await call(ctx, ["status", firstRun, "--root", w.ws, "--json"]);
    if (status.doc)
      v.expect(
        "slipway/status",
        status.doc.id !== firstRun || status.doc.state !== "ended"
          ? `status ${firstRun} answered id ${json(status.doc.id)}, state ${json(status.doc.state)}`
          : undefined,
        {
          expected: `id ${firstRun}, state ended`,
          actual: json({ id: status.doc.id, state: status.doc.state }),
        },
      );
    else if (status.exit !== null && status.exit !== 0)
      v.fail("slipway/status", `status of the ended Run failed (exit ${status.exit})`, {
        actual: json(status.error),
      });
  }
  const goal = join(w.session, "goal.txt");
  const run = await call(ctx, ["run", "--budget", "2", "--json", "--root", w.ws, "--goal-file", goal], {
    files: { [goal]: "second run via goal file" },
  });
  const runId = typeof run.doc?.run_id === "string" ? run.doc.run_id : undefined;
  await listStep(ctx);
  if (!runId) return;
  const orient = nextActionId(run.doc);
  if (!orient) return;
  // a skip variant that is no argv is slipway/next-argv's finding; skip as documented then
  const skipArgv = variantArgv(run.doc, "skip") ?? [
    "protocol",
    "skip",
    "--run",
    runId,
    "--action",
    orient,
    "--root",
    w.ws,
  ];
  const skipped = await call(ctx, skipArgv, { current: orient });
  const after = nextActionId(skipped.doc);
  v.expect(
    "slipway/skip",
    skipped.exit !== 0
      ? `skipping the current action failed (exit ${skipped.exit}): ${json(skipped.error)}`
      : skipped.doc?.state !== "active" || !after || after === orient
        ? `skip answered state ${json(skipped.doc?.state)} with next action ${json(after)}`
        : undefined,
    { expected: "state active, a new action", actual: json(skipped.doc) },
  );
  if (!after || skipped.exit !== 0) return;
  const file = join(w.session, "14b-skipped-orient.json");
  const submitSkipped = [
    "protocol",
    "submit",
    "--run",
    runId,
    "--action",
    orient,
    "--root",
    w.ws,
    "--outcome-file",
    file,
  ];
  const late = await call(ctx, submitSkipped, {
    files: { [file]: text(outcome(orient, "orient", w.ws)) },
    current: after,
  });
  expectRefused(ctx, "slipway/stale-action", "an outcome for the skipped action", late, "stale_action", 3);
  await stopResume(ctx, runId, after);
  const all = await call(ctx, ["status", "--root", w.ws, "--json"]);
  if (all.doc) {
    const ids = Array.isArray(all.doc.runs) ? all.doc.runs.map((r) => obj(r)?.id) : [];
    const missing = [firstRun, runId].filter((id) => id && !ids.includes(id));
    v.expect(
      "slipway/status",
      missing.length ? `status --json does not list ${missing.join(", ")}` : undefined,
      {
        expected: "both Runs listed",
        actual: json(ids),
      },
    );
  }
}

async function listStep(ctx: Context): Promise<void> {
  const list = await call(ctx, ["list", "--json", "--root", ctx.w.ws]);
  if (!list.doc) return;
  const hosts = list.doc.hosts;
  const problem = !Array.isArray(hosts)
    ? `list --json answered hosts ${json(hosts)}`
    : hosts.some((h) => typeof obj(h)?.id !== "string")
      ? "list --json has a host without a string id"
      : "runs" in list.doc || "run_id" in list.doc
        ? "list --json carries Run data"
        : undefined;
  ctx.v.expect("slipway/list", problem, {
    expected: "hosts: [{id, …}], no Run data",
    actual: json(list.doc),
  });
}

async function stopResume(ctx: Context, runId: string, current: string): Promise<void> {
  const { v, w } = ctx;
  const stop = await call(ctx, ["stop", runId, "--root", w.ws, "--json"]);
  const resumeArgv = variantArgv(stop.doc, "resume");
  v.expect(
    "slipway/stop-resume",
    stop.exit !== 0
      ? `stop failed (exit ${stop.exit}): ${json(stop.error)}`
      : stop.doc?.state !== "stopped" || obj(stop.doc?.next)?.operation !== "resume" || !resumeArgv
        ? `stop answered state ${json(stop.doc?.state)}, next ${json(stop.doc?.next)}`
        : undefined,
    { expected: "state stopped, next.operation resume with a resume variant", actual: json(stop.doc) },
  );
  if (stop.exit !== 0) return;
  const file = join(w.session, "15b-after-stop.json");
  const argv = [
    "protocol",
    "submit",
    "--run",
    runId,
    "--action",
    current,
    "--root",
    w.ws,
    "--outcome-file",
    file,
  ];
  const late = await call(ctx, argv, { files: { [file]: text(outcome(current, "summarize", w.ws)) } });
  expectRefused(ctx, "slipway/stop-resume", "a submit after stop", late, "run_not_active", 3);
  if (!resumeArgv) return;
  const resumed = await call(ctx, resumeArgv);
  const action = nextActionId(resumed.doc);
  v.expect(
    "slipway/stop-resume",
    resumed.exit !== 0
      ? `resume failed (exit ${resumed.exit}): ${json(resumed.error)}`
      : resumed.doc?.state !== "active" || !action || action === current
        ? `resume answered state ${json(resumed.doc?.state)} with next action ${json(action)}`
        : undefined,
    { expected: "state active with a new action", actual: json(resumed.doc) },
  );
  if (resumed.exit !== 0) return;
  const again = await call(ctx, resumeArgv, action ? { current: action } : {});
  expectRefused(ctx, "slipway/resume-active", "resume of an active Run", again, "run_not_resumable", 3);
}
