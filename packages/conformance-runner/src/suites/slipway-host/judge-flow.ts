import type { Verdicts } from "../../verdicts.js";
import { commandOf, flag, type HostCall, isMutation, outcomeText } from "./call.js";
import { dialectNote } from "./judge-dialect.js";
import { where } from "./judge-start.js";
import type { ScenarioLog } from "./session.js";
import { errorCode, type Judgement, uncertain, walk } from "./view.js";

/** At most this many resubmits of one outcome after uncertain answers. */
export const MAX_RETRIES = 5;

const same = (a: HostCall, b: HostCall) =>
  commandOf(a.argv) === commandOf(b.argv) &&
  flag(a.argv, "action") === flag(b.argv, "action") &&
  outcomeText(a) === outcomeText(b);

/** Obligation 6: uncertain failures are retried with the same bytes, boundedly; commits and runs are not replayed. */
export function judgeRetries(log: ScenarioLog, v?: Verdicts): Judgement {
  const calls = log.calls;
  let judged = 0;
  for (const [i, c] of calls.entries()) {
    const later = calls.slice(i + 1);
    const cmd = commandOf(c.argv);
    if (cmd === "run" && c.answer.signal) {
      judged++;
      const again = later.find((l) => commandOf(l.argv) === "run");
      if (again)
        return `${where(log, again)}: expected a run whose answer was lost never replayed, found this`;
    }
    if (cmd !== "protocol submit") continue;
    if (errorCode(c.answer)?.startsWith("mutation_committed_")) {
      judged++;
      const replay = later.find((l) => same(l, c));
      if (replay)
        return `${where(log, replay)}: expected no replay after ${errorCode(c.answer)} (the mutation was committed), found this`;
      continue;
    }
    if (!uncertain(c.answer)) continue;
    judged++;
    let prior = 0;
    for (let k = i - 1; k >= 0 && same(calls[k] as HostCall, c) && uncertain(calls[k]?.answer ?? {}); k--)
      prior++;
    const next = later.find((l) => isMutation(l));
    const retries =
      next &&
      commandOf(next.argv) === "protocol submit" &&
      flag(next.argv, "action") === flag(c.argv, "action");
    if (!retries) {
      // one resubmit at least, keel's reading (the text implies it through idempotency): a warning
      if (prior === 0)
        v?.fail(
          "slipway-host/retry-identical",
          `${where(log, next ?? c)}: expected a byte-identical resubmit of call ${c.n} after an uncertain answer (${why(c)}), found ${next ? "this" : "none"}`,
          { rests: ["slipway/retry-uncertain"] },
        );
      continue;
    }
    if (outcomeText(next) !== outcomeText(c))
      return `${where(log, next)}: expected the byte-identical outcome of call ${c.n} (${Buffer.byteLength(outcomeText(c) ?? "")} bytes), found different bytes (${Buffer.byteLength(outcomeText(next) ?? "")}: re-serialized or rewritten)`;
    if (prior + 1 > MAX_RETRIES)
      v?.fail(
        "slipway-host/retry-identical",
        `${where(log, next)}: expected at most ${MAX_RETRIES} resubmits, found more`,
        { rests: ["slipway/retry-uncertain"] },
      );
  }
  return judged ? undefined : null;
}

const why = (c: HostCall) =>
  c.answer.signal ? `the call died by ${c.answer.signal}` : (errorCode(c.answer) ?? "an unreadable answer");

/** Obligation 7: exit 2 is not replayed; stale_action and outcome_conflict end the driving. */
export function judgeCodes(log: ScenarioLog): Judgement {
  let judged = 0;
  for (const [i, c] of log.calls.entries()) {
    const later = log.calls.slice(i + 1);
    const code = errorCode(c.answer);
    if (c.answer.exit === 2) {
      judged++;
      const replay = later.find(
        (l) => l.argv.join("\0") === c.argv.join("\0") && same(l, c) && l.stdin === c.stdin,
      );
      if (replay)
        return `${where(log, replay)}: expected an exit-2 call (${code ?? "usage"}) never replayed, found it again`;
    }
    if (code === "stale_action" || code === "outcome_conflict") {
      judged++;
      const more = later.find((l) => isMutation(l) && commandOf(l.argv) !== "stop");
      if (more)
        return `${where(log, more)}: expected the host to fail closed after ${code} (call ${c.n}), found it driving on`;
    }
  }
  return judged ? undefined : null;
}

/** Obligations 8, 9, 11 and the scenario's end: what the host did with the Run's state, and how it ended. */
export function judgeState(log: ScenarioLog, v: Verdicts): void {
  const final = walk(log.calls, (call, before) => {
    const cmd = commandOf(call.argv);
    if (cmd === "protocol resume")
      v.fail(
        "slipway-host/no-self-resume",
        `${where(log, call)}: expected no resume (the user's act), found one`,
      );
    if (cmd !== "protocol submit" && cmd !== "protocol skip") return;
    const retry = log.calls[call.n - 2];
    if (retry && uncertain(retry.answer) && same(retry, call)) return; // the retry of an uncertain answer
    if (before.state === "active" && before.operation === "action") v.pass("slipway-host/active-only");
    else
      v.fail(
        "slipway-host/active-only",
        `${where(log, call)}: expected no ${cmd} unless the last answer was active with next.operation action, found state ${before.state ?? "unknown"}, next.operation ${before.operation ?? "unknown"}`,
      );
  });
  if (log.calls.length) v.pass("slipway-host/no-self-resume");
  const ended = final.state === "ended";
  if (log.leftRunning && !log.late.length)
    v.fail(
      "slipway-host/no-call-left",
      `${where(log)}: expected no slipway call running once the host exited, found ${log.leftRunning} still running${cutShortNote(log)}`,
    );
  else if (log.late.length)
    v.fail(
      "slipway-host/no-call-left",
      `${where(log, log.late[0])}: expected no slipway call once the host exited, found this one after its exit`,
    );
  else v.pass("slipway-host/no-call-left");
  const bounded = log.timedOut
    ? `${where(log)}: expected the host to finish within the scenario timeout, found it still running (killed)${cutShortNote(log)}`
    : log.capped
      ? `${where(log)}: expected at most ${log.calls.length} calls, found more (a loop; the host was stopped)`
      : undefined;
  v.expect("slipway-host/bounded", bounded);
  if (bounded) return;
  const code = log.exit?.code ?? null;
  if (code === 0 && !ended)
    v.fail(
      "slipway-host/exit-status",
      `${where(log)}: expected a non-zero exit when the Run did not end, found exit 0 (state ${final.state ?? "unknown"})`,
    );
  else if (code !== 0 && ended)
    v.fail(
      "slipway-host/exit-status",
      `${where(log)}: expected exit 0 once the Run ended, found ${code ?? log.exit?.signal ?? "no exit"}`,
    );
  else v.pass("slipway-host/exit-status");
  if (!log.scenario.expectEnd) return;
  if (ended) v.pass("slipway-host/drives-to-end");
  else
    v.fail(
      "slipway-host/drives-to-end",
      `${where(log)}: expected the Run driven to ended, found state ${final.state ?? "unknown"} after ${log.calls.length} calls${dialectNote(log)}`,
    );
}

/** What the calls that never reached keel were doing: waiting on a stdin the host never closed. */
function cutShortNote(log: ScenarioLog): string {
  const cut = log.cutShort[0];
  if (!cut) return "";
  const more = log.cutShort.length > 1 ? ` (and ${log.cutShort.length - 1} more)` : "";
  return `; \`slipway ${cut.argv.join(" ")}\` waited ${Math.round(cut.waited / 1000)} s for its stdin to end and never reached keel${more} (the host left the call's stdin open)`;
}
