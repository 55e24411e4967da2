import type { Verdicts } from "../../verdicts.js";
import { type HostCall, isMutation } from "./call.js";
import { DIALECT } from "./dialect.js";
import { where } from "./judge-start.js";
import type { ScenarioLog } from "./session.js";

/**
 * A host that acts on an answer the schema refuses has not validated it ("in production hosts, validate the
 * whole response against the machine protocol schema"): noted on slipway-host/active-only, a warning —
 * the sentence binds production hosts, and what the host then did is judged by the other checks.
 */
export function judgeDialect(log: ScenarioLog, v: Verdicts): void {
  const bad = log.calls.find((c) => c.answer.staged?.startsWith(`${DIALECT} (invalid)`));
  const acted = bad && log.calls.find((c: HostCall) => c.n > bad.n && isMutation(c));
  if (!bad || !acted) return;
  v.warn(
    "slipway-host/active-only",
    `${where(log, acted)}: acted on the answer to call ${bad.n}, which the schema refuses (${bad.answer.staged?.slice(DIALECT.length + 12)}): a host validating the whole response stops there`,
  );
}

/** For a host that stopped: the probes the answer it read last held, when keel set any. */
export function dialectNote(log: ScenarioLog): string {
  const last = log.calls.at(-1);
  return last?.answer.staged?.startsWith(DIALECT)
    ? `; it stopped after call ${last.n}, whose answer held ${last.answer.staged.slice(DIALECT.length + 1)}`
    : "";
}
