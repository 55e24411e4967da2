import { isRecord } from "@keel/diagnostics";
import type { Received } from "../../channels/rpc-stdio/channel.js";
import type { Outcome, RpcSession } from "../../channels/rpc-stdio/session.js";
import type { TimeoutOptions } from "../../channels/timeouts.js";
import type { Verdicts } from "../../verdicts.js";
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

export type Obj = Record<string, unknown>;

export const obj = (v: unknown): Obj | undefined => (isRecord(v) ? v : undefined);

/** Records whether the request was answered; returns the result object, or undefined. */
export function answered(ctx: Context, o: Outcome): Obj | undefined {
  ctx.v.expect("mira/answers-every-request", o.missing && `${o.method} (id ${o.id}): ${o.missing}`, {
    expected: `a response to ${o.method} id ${o.id}`,
    actual: o.missing,
  });
  return obj(o.response?.result);
}

export const json = (v: unknown): string => (v === undefined ? "absent" : JSON.stringify(v));

/** Runs `task` over `items` with at most `limit` in flight at once. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (t: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
