import type { CliCall, CliResult } from "../../channels/cli/channel.js";
import { ConformError } from "../../conform-error.js";
import { pairTraffic } from "../../exchange/from-traffic.js";
import type { Scenario } from "../../exchange/types.js";
import type { Target } from "../../process/target.js";
import { Verdicts } from "../../verdicts.js";
import type { SuiteOptions } from "../suite.js";
import { type Context, call } from "./caller.js";
import { slipwayChannel } from "./channel.js";
import { slipwayChecks } from "./checks.js";
import { facts } from "./documents.js";
import { fill, SESSION, WORKSPACE } from "./driver.js";
import { type RecordedCall, scenarioFromCalls } from "./recordings.js";
import { followNext } from "./run-to-end.js";
import { freshWorkspace, type Workspace } from "./workspace.js";

/**
 * `keel record slipway --target CMD --out DIR -- <slipway args>`: runs the slipway once with those
 * arguments in a fresh tutorial workspace (`@workspace@` and `@session@` in them are its paths) and, when
 * that leaves an active Run, follows `next` to its end as a host would. The calls become one golden
 * exchange: ids a later call uses are captures, other volatile values matchers, paths @workspace@ / @session@.
 */
export async function recordSlipway(target: Target, options: SuiteOptions): Promise<Scenario[]> {
  const args = options.args ?? [];
  if (args.length === 0)
    throw new ConformError(
      "conform/no-arguments",
      "expected the slipway arguments to record after --, e.g. -- run --budget 4 --json --root @workspace@ --no-review -- GOAL; found none",
    );
  const w = freshWorkspace();
  const cli = slipwayChannel(target, options, w.session);
  const ctx: Context = { cli, v: new Verdicts(slipwayChecks), w, program: facts.program };
  try {
    const first = await call(ctx, fill(args, w) as string[]);
    if (ctx.couldNotStart) throw new ConformError("conform/could-not-start", ctx.couldNotStart);
    if (first.doc?.state === "active") await followNext(ctx, first.doc);
    const calls = pairTraffic(cli.traffic.entries).flatMap((x): RecordedCall[] => {
      const sent = unfill(x.request as CliCall, w);
      const r = x.answer as CliResult | undefined;
      if (!r || r.exit === null) return [];
      const out = unfill({ stdout: r.stdout, stderr: r.stderr }, w);
      return [{ argv: sent.argv, files: sent.files ?? {}, exit: r.exit, ...out }];
    });
    const meta = {
      name: `recorded-${args[0]}`,
      description: `recorded by keel record slipway -- ${args.join(" ")}, then following next to the end; ids captured, paths as @workspace@/@session@`,
    };
    return [scenarioFromCalls(calls, meta)];
  } finally {
    w.remove();
  }
}

/** The scenario's own paths back to @workspace@ / @session@, in what was sent and answered. */
function unfill<T>(value: T, w: Workspace): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v.replaceAll(w.ws, WORKSPACE).replaceAll(w.session, SESSION);
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [walk(k), walk(x)]));
  };
  return walk(value) as T;
}
