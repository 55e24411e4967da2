import { registryEntry } from "@keel/mira";
import type { RpcStdioChannel } from "../../channels/rpc-stdio/channel.js";
import { evidenceOf } from "../../evidence.js";
import type { Target } from "../../process/target.js";
import { Verdicts } from "../../verdicts.js";
import { json, obj } from "../kit/values.js";
import type { SuiteOptions, SuiteRun } from "../suite.js";
import { miraChecks } from "./checks.js";
import { answered, type Context, newContext, noResult } from "./context.js";
import { deferredPhase } from "./phase-deferred.js";
import { errorPhase } from "./phase-errors.js";
import { listPhase } from "./phase-list.js";
import { probePhase } from "./phase-probes.js";
import { runPhase } from "./phase-runs.js";
import { sessionPhase } from "./phase-session.js";
import { planCases } from "./plan.js";
import { lineProbes } from "./probe-lines.js";
import { major, resultProblem } from "./results.js";
import { openStudy } from "./study.js";

/** The generic Mira suite: what any study must do, whatever it lists. */
export async function runMiraSuite(target: Target, options: SuiteOptions): Promise<SuiteRun> {
  const { channel, session: s } = openStudy(target, options);
  const progress = options.onProgress;
  const v = new Verdicts(
    miraChecks,
    progress && ((name, decided, total) => progress(`${decided}/${total} checks decided · ${name}`)),
  );
  const ctx = newContext(s, v, options);
  v.witness = () => evidenceOf("rpc-stdio", channel.traffic.entries);
  // once the study is gone, one check carries the headline and the failures after it are blocked by it
  const sent = () => channel.traffic.entries.filter((e) => e.direction === "out").length;
  v.gone = () =>
    s.flooded
      ? { by: "mira/bounded-output", reason: "keel stopped the study for flooding stdout" }
      : channel.exited
        ? { by: "mira/stays-up", reason: `${s.exitText()} after ${sent()} requests` }
        : undefined;
  try {
    await drive(ctx);
    sessionPhase(ctx);
    const gone = v.gone();
    v.gone = undefined;
    v.expect("mira/bounded-output", s.flooded ? `more than ${s.maxLines} lines on stdout` : undefined);
    if (s.flooded) {
      const why = "the study was stopped for flooding stdout";
      v.skip("mira/stays-up", why);
      v.skip("mira/exits-on-eof", why);
    } else await lifecycle(ctx, channel, options.exitMs);
    if (gone && !channel.startFailure()) v.blockRest(gone.by, gone.reason);
  } finally {
    v.gone = undefined;
    v.witness = undefined;
    s.close();
    await channel.kill();
  }
  const couldNotStart = channel.startFailure();
  if (!couldNotStart && s.answers.has(1)) await lineProbes(target, options, v);
  else
    for (const n of ["survives-malformed-line", "survives-non-object-line"])
      v.skip(`mira/${n}`, "the study never answered");
  return {
    checks: v.list(),
    ...(couldNotStart ? { couldNotStart } : {}),
    stderr: channel.stderr(),
    capabilities: [...ctx.caps],
    ...(ctx.study ? { implementation: ctx.study } : {}),
  };
}

/** The study must stay up until its stdin closes, then exit cleanly. */
async function lifecycle(ctx: Context, transport: RpcStdioChannel, exitMs: number): Promise<void> {
  const { s, v } = ctx;
  const before = transport.exited;
  v.expect("mira/stays-up", before && `${s.exitText(before)} before its stdin closed`, {
    actual: tail(transport.stderr()),
  });
  if (before) return v.block("mira/exits-on-eof", "mira/stays-up", "the study had already exited");
  transport.closeInput();
  // the study's own exit: a grandchild it left behind may hold stdout open, which is not the study's doing
  const exit = await transport.waitOwnExit(exitMs);
  const problem = !exit
    ? `still running ${exitMs} ms after stdin closed`
    : exit.code !== 0
      ? `${s.exitText(exit)} after stdin closed`
      : undefined;
  v.expect("mira/exits-on-eof", problem, { expected: "exit code 0", actual: problem });
}

/** The version keel's initialize says it speaks: the current major, a minor no release of the protocol has. */
const probeVersion = `${major(registryEntry.version)}.97`;

async function drive(ctx: Context): Promise<void> {
  const { s, v } = ctx;
  // the user's timeout bounds start-up too: a study that started but never answers fails here, in time
  const startup = { idleMs: ctx.timeouts.idleMs, capMs: ctx.timeouts.idleMs };
  // keel asks with a minor no release has: a study that answers it back echoed the host's version
  // instead of replying "with the protocol_version it implements"
  const params = { protocol_version: probeVersion, host: "keel-conform" };
  const o = await s.request("initialize", params, {}, startup);
  const init = answered(ctx, o);
  const problem = init
    ? (resultProblem("initialize", init) ??
      (init.protocol_version === probeVersion
        ? `the study answered protocol_version ${probeVersion}, keel's own (a minor no release has): an echo, not the version it implements`
        : undefined))
    : noResult(o);
  v.expect("mira/initialize-first", problem, {
    expected: "a valid InitializeResult with the study's own protocol_version",
    actual: json(o.response ?? o.missing),
  });
  // judged before giving up on an invalid result, so a non-string capability is named by its own check
  const caps = init && Array.isArray(init.capabilities) ? (init.capabilities as unknown[]) : [];
  const strange = caps.filter((c) => typeof c !== "string");
  if (init)
    v.expect("mira/capabilities-known", strange.length ? "capabilities are not all strings" : undefined, {
      expected: "capability tokens as strings",
      actual: json(strange),
    });
  if (problem || !init) return;
  const ours = major(registryEntry.version);
  v.expect(
    "mira/version-compatible",
    major(init.protocol_version) === ours ? undefined : `the study speaks ${json(init.protocol_version)}`,
    {
      expected: `major ${ours}`,
      actual: json(init.protocol_version),
    },
  );
  ctx.caps = new Set(caps as string[]);
  if (typeof init.study === "string") ctx.study = init.study;
  const kinds = obj(obj(init.capability_params)?.events)?.kinds;
  ctx.eventKinds = Array.isArray(kinds) ? kinds.filter((k) => typeof k === "string") : [];
  const evals = await listPhase(ctx, init);
  const cases = planCases(evals ?? [], ctx.maxCases);
  if (evals) await runPhase(ctx, cases);
  const noCase = evals ? "the study lists no case on an available target" : "blocked: mira/list-valid failed";
  await deferredPhase(ctx, cases[0], noCase);
  await errorPhase(ctx, cases[0], noCase);
  await probePhase(ctx, cases[0]);
}

const tail = (text: string) => text.split("\n").slice(-12).join("\n").trim();
