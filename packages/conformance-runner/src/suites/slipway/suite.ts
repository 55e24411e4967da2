import { evidenceOf } from "../../evidence.js";
import type { Target } from "../../process/target.js";
import { Verdicts } from "../../verdicts.js";
import type { SuiteOptions, SuiteRun } from "../suite.js";
import type { Context } from "./caller.js";
import { slipwayChannel } from "./channel.js";
import { slipwayChecks } from "./checks.js";
import { facts } from "./documents.js";
import { dialectPhase } from "./phase-dialect.js";
import { secondPhase } from "./phase-second.js";
import { tutorialPhase } from "./phase-tutorial.js";
import { freshWorkspace } from "./workspace.js";

const STDERR_KEPT = 8192;

/**
 * The generic slipway suite: the seed's tutorial and the recorded session's error paths, one process
 * per call, in a fresh temporary git workspace that is removed afterwards.
 */
export async function runSlipwaySuite(target: Target, options: SuiteOptions): Promise<SuiteRun> {
  const w = freshWorkspace();
  const cli = slipwayChannel(target, options, w.session);
  const progress = options.onProgress;
  const v = new Verdicts(
    slipwayChecks,
    progress && ((name, decided, total) => progress(`${decided}/${total} checks decided · ${name}`)),
  );
  v.witness = () => evidenceOf("cli", cli.traffic.entries);
  const ctx: Context = { cli, v, w, program: facts.program };
  try {
    const first = await tutorialPhase(ctx);
    if (ctx.couldNotStart)
      return { checks: [], couldNotStart: ctx.couldNotStart, stderr: "", capabilities: [] };
    await secondPhase(ctx, first);
    await dialectPhase(ctx);
  } finally {
    w.remove();
  }
  return { checks: v.list(), stderr: unexpectedStderr(cli.traffic.entries), capabilities: [] };
}

/** stderr of the calls that did not answer as the protocol says (no exit, a signal, exit 1 …), for the report. */
function unexpectedStderr(entries: readonly { direction: string; data: unknown }[]): string {
  let out = "";
  for (const e of entries) {
    const r = e.data as { exit?: number | null; stderr?: string };
    if (e.direction !== "in" || [0, 2, 3].includes(r.exit as number) || !r.stderr) continue;
    out += r.stderr.endsWith("\n") ? r.stderr : `${r.stderr}\n`;
    if (out.length > STDERR_KEPT) return `${out.slice(0, STDERR_KEPT)}…\n`;
  }
  return out;
}
