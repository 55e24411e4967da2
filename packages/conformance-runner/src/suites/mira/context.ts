import type { Received } from "../../channels/rpc-stdio/channel.js";
import type { Outcome, RpcSession } from "../../channels/rpc-stdio/session.js";
import type { TimeoutOptions } from "../../channels/timeouts.js";
import { type Problem, unanswered, type Verdicts } from "../../verdicts.js";
import { json, type Obj, obj } from "../kit/values.js";
import type { SuiteOptions } from "../suite.js";

/** What the phases of the Mira suite share. */
export interface Context {
  s: RpcSession;
  v: Verdicts;
  caps: Set<string>;
  /** `capability_params.events.kinds` as advertised by initialize */
  eventKinds: string[];
  /** the study's name from initialize */
  study?: string;
  maxCases: number;
  concurrency: number;
  timeouts: TimeoutOptions;
  /** `--strict`: deviations the protocol does not forbid outright fail instead of warning */
  strict: boolean;
  /** lines a probe already judged as its own finding: the session-wide checks leave them alone */
  attributed: Set<Received>;
}

/** A fresh context for one study session: nothing advertised or attributed yet. */
export function newContext(s: RpcSession, v: Verdicts, options: SuiteOptions): Context {
  return {
    s,
    v,
    caps: new Set(),
    eventKinds: [],
    maxCases: options.maxCases,
    concurrency: options.concurrency,
    timeouts: options.timeouts,
    strict: options.strict ?? false,
    attributed: new Set(),
  };
}

/** Records whether the request was answered; returns the result object, or undefined. */
export function answered(ctx: Context, o: Outcome): Obj | undefined {
  const what = `${o.method} (id ${o.id}): ${o.missing}`;
  ctx.v.expect("mira/answers-every-request", o.missing && (o.timedOut ? unanswered(what) : what), {
    expected: `a response to ${o.method} id ${o.id}`,
    actual: o.missing,
  });
  return obj(o.response?.result);
}

/** Why a request has no result: its error, the study's exit, or keel's wait running out (not judged). */
export const noResult = (o: Outcome): Problem =>
  o.timedOut ? unanswered(`${o.method}: ${o.missing}`) : `no result: ${o.missing ?? json(o.response?.error)}`;
