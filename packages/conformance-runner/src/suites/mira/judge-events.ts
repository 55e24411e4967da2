import type { Received } from "../../channels/rpc-stdio/channel.js";
import type { Outcome } from "../../channels/rpc-stdio/session.js";
import { json, type Obj, obj } from "../kit/values.js";
import type { Context } from "./context.js";
import type { PlannedCase } from "./plan.js";

/** How long keel waits for a `finished` that has not come yet after its run's response (one pause, not per run). */
const LATE_MS = 500;

/** The run's event lines from the session log, and its response line. */
function linesOf(ctx: Context, id: number): { events: Received[]; response?: Received } {
  const events: Received[] = [];
  let response: Received | undefined;
  for (const r of ctx.s.received) {
    const m = obj(r.message);
    if (r.kind === "response" && m?.id === id) response ??= r;
    else if (r.kind === "notification" && m?.method === "event" && obj(m.params)?.request_id === id)
      events.push(r);
  }
  return { events, ...(response ? { response } : {}) };
}

const kindOf = (r: Received) => obj(obj(r.message)?.params)?.kind;

/**
 * When `finished` is advertised and some answered run has none yet, waits (at most LATE_MS, checking as lines
 * arrive) for it: a study writing it just after the response is then told from one that never writes it.
 */
export async function awaitFinished(ctx: Context, outcomes: readonly Outcome[]): Promise<void> {
  if (!ctx.caps.has("events") || !ctx.eventKinds.includes("finished")) return;
  const missing = () =>
    outcomes.some((o) => o.response && !linesOf(ctx, o.id).events.some((e) => kindOf(e) === "finished"));
  for (let waited = 0; waited < LATE_MS && missing(); waited += 20)
    await new Promise((r) => setTimeout(r, 20));
}

/** Correlation and order of one run's events; events after the run's response are said as such. */
export function judgeEvents(ctx: Context, c: PlannedCase, o: Outcome, key: string): void {
  const { events: lines, response } = linesOf(ctx, o.id);
  const events = lines.map((r) => obj(r.message)?.params as Obj);
  if (events.length === 0) return;
  const stray = events.find((e) => e.eval !== c.eval || e.sample !== c.sample || e.target !== c.target);
  ctx.v.expect("mira/events-correlated", stray && `an event for run ${key} names another case`, {
    expected: json({ eval: c.eval, sample: c.sample, target: c.target }),
    actual: json(stray && { eval: stray.eval, sample: stray.sample, target: stray.target }),
  });
  // the order in which they arrived, stragglers after the response included
  const kinds = lines.map(kindOf);
  const before = response ? lines.filter((r) => r.seq < response.seq) : lines;
  const lateFinished = lines.find((r) => !before.includes(r) && kindOf(r) === "finished");
  // a study that advertised `finished` promised it ("emitted once, last"); one that did not may omit it
  const unfinished = ctx.eventKinds.includes("finished") && !before.some((r) => kindOf(r) === "finished");
  const startedAt = kinds.indexOf("started");
  const finishedAt = kinds.lastIndexOf("finished");
  const disordered =
    startedAt > 0 ||
    kinds.lastIndexOf("started") !== startedAt ||
    (finishedAt >= 0 && finishedAt !== kinds.length - 1);
  const detail = { expected: "started first, finished last, before the response", actual: json(kinds) };
  if (disordered) {
    ctx.v.fail("mira/events-ordered", `events of run ${key} are out of order`, detail);
    return;
  }
  if (unfinished && lateFinished && response) {
    // still the last of the run's events, so no MUST is broken; but the host has stopped listening for the run
    ctx.v.fail(
      "mira/events-ordered",
      `events of run ${key}: the finished event arrived after the response (response at stdout line ${response.seq}, finished at line ${lateFinished.seq}, ${lateFinished.at - response.at} ms later): a host binds events to its in-flight run`,
      { ...detail, rests: ["mira/advertised-kinds-emitted"] },
    );
    return;
  }
  ctx.v.expect(
    "mira/events-ordered",
    unfinished
      ? `events of run ${key} have no finished event (finished is advertised, and emitted last of the run's events): none came before the response${response ? ` (stdout line ${response.seq})` : ""} nor within ${LATE_MS} ms after it`
      : undefined,
    detail,
  );
}
