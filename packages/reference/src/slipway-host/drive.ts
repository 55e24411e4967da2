import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Action, NextVariant } from "@keel/slipway/types";
import { answerOf, type CallResult, callSlipway } from "./call.js";
import { resolveVariant } from "./variant.js";
import { perform } from "./work.js";

export interface HostOptions {
  goal: string;
  /** absolute repository root */
  root: string;
  budget: number;
  /** one call's limit before it counts as uncertain */
  callMs: number;
  /** resubmits of one outcome after uncertain answers */
  retries: number;
  log: (line: string) => void;
}

/** How the host ends: 0 the Run ended; 1 it stopped short (a pause, a stop, an error — the user decides). */
export type HostExit = 0 | 1;

interface State {
  state?: unknown;
  action?: Action | null;
  next?: { operation?: unknown; variants?: NextVariant[] };
}

/** A private temporary folder (0700) holding one private file (0600), removed by `done`. */
function privateFile(name: string, text: string): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "keel-host-"));
  const path = join(dir, name);
  writeFileSync(path, text, { mode: 0o600, flag: "wx" });
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) };
}

const isList = (d: Record<string, unknown> | undefined): boolean =>
  d?.contract_version === 2 &&
  Array.isArray(d.hosts) &&
  d.hosts.length > 0 &&
  d.hosts.every(
    (h: unknown) =>
      !!h &&
      typeof h === "object" &&
      typeof (h as Record<string, unknown>).id === "string" &&
      (h as Record<string, unknown>).id !== "" &&
      ["detected", "installed", "needs_refresh"].every(
        (k) => typeof (h as Record<string, unknown>)[k] === "boolean",
      ) &&
      Array.isArray((h as Record<string, unknown>).capabilities),
  );

/** An answer the host cannot be sure about: lost (signal, timeout), unreadable, a defect (exit 1), or run_busy. */
function uncertain(r: CallResult): boolean {
  if (r.status === null || r.status === 1) return true;
  const doc = answerOf(r);
  if (!doc) return true;
  return r.status === 3 && doc.code === "run_busy";
}

/** The identity check, the start, then one action at a time until the Run is no longer active. */
export async function drive(o: HostOptions): Promise<HostExit> {
  const list = await callSlipway(["list", "--json", "--root", o.root], o.callMs);
  if (list.status !== 0 || !isList(answerOf(list))) {
    o.log(
      `slipway on PATH (${process.env.SLIPWAY || "slipway"}) is not slipway machine protocol v2: stopping`,
    );
    return 1;
  }
  const goal = privateFile("goal.txt", o.goal);
  let start: CallResult;
  try {
    start = await callSlipway(
      ["run", "--budget", String(o.budget), "--json", "--root", o.root, "--goal-file", goal.path],
      o.callMs,
    );
  } finally {
    goal.done();
  }
  // a run whose answer was lost is never replayed: it may have started a Run
  let state = start.status === 0 ? (answerOf(start) as State | undefined) : undefined;
  if (!state) return stopped(o, start, "run");
  for (;;) {
    if (state.state !== "active" || state.next?.operation !== "action" || !state.action) {
      o.log(
        `run is ${String(state.state)}${state.state === "ended" ? "" : ": the user decides what comes next"}`,
      );
      return state.state === "ended" ? 0 : 1;
    }
    const answer = await submit(o, state.action, state.next.variants ?? []);
    state = answer.status === 0 ? (answerOf(answer) as State | undefined) : undefined;
    if (!state) return stopped(o, answer, `submit (${answer.status === null ? "lost" : "failed"})`);
  }
}

/** Writes the action's outcome once and submits it; uncertain answers resend the very same file. */
async function submit(o: HostOptions, action: Action, variants: NextVariant[]): Promise<CallResult> {
  const variant = variants.find((v) => v.id === "submit-outcome-file");
  if (!variant) throw new Error("the active Run offers no submit-outcome-file variant");
  const file = privateFile("outcome.json", `${JSON.stringify(perform(action, o.root), null, 2)}\n`);
  try {
    const argv = resolveVariant(variant, { outcome_file: file.path });
    let r = await callSlipway(argv, o.callMs);
    for (let n = 0; uncertain(r) && n < o.retries; n++) {
      o.log(`submit of ${action.kind} uncertain (${why(r)}): resending the same bytes`);
      r = await callSlipway(argv, o.callMs);
    }
    return r;
  } finally {
    file.done();
  }
}

const why = (r: CallResult): string =>
  r.timedOut
    ? "timed out"
    : r.signal
      ? `died by ${r.signal}`
      : String(answerOf(r)?.code ?? `exit ${r.status}`);

function stopped(o: HostOptions, r: CallResult, what: string): HostExit {
  const doc = answerOf(r);
  const code = r.status === 0 ? "an unreadable answer" : typeof doc?.code === "string" ? doc.code : why(r);
  o.log(`${what}: ${code} (exit ${r.status ?? r.signal}); not replaying it, stopping`);
  return 1;
}
