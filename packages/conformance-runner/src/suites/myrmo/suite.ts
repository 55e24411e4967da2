import { evidenceOf } from "../../evidence.js";
import type { Target } from "../../process/target.js";
import { Verdicts } from "../../verdicts.js";
import type { SuiteOptions, SuiteRun } from "../suite.js";
import { myrmoChecks } from "./checks.js";
import { openColony } from "./colony.js";
import type { Context } from "./context.js";
import { examples } from "./fixtures.js";
import { durabilityPhase } from "./phase-durability.js";
import { hostilePhase } from "./phase-hostile.js";
import { loadPhase, perWriter, writers } from "./phase-load.js";
import { outcomePhase } from "./phase-outcomes.js";
import { publishPhase } from "./phase-publish.js";
import { rejectPhase, requestErrorPhase } from "./phase-reject.js";

/** The generic colony suite: what any Myrmo colony must do over HTTP. */
export async function runMyrmoSuite(target: Target, options: SuiteOptions): Promise<SuiteRun> {
  const colony = await openColony(target, options);
  if (colony.couldNotStart) {
    await colony.close();
    return { checks: [], couldNotStart: colony.couldNotStart, stderr: colony.stderr(), capabilities: [] };
  }
  const progress = options.onProgress;
  const v = new Verdicts(
    myrmoChecks,
    progress && ((name, decided, total) => progress(`${decided}/${total} checks decided · ${name}`)),
  );
  const ctx: Context = {
    colony,
    v,
    // its own --max-requests (Suite.flags), defaulted by conform(); a caller of the suite alone may leave it out
    maxRequests: Number(options.own["max-requests"] ?? writers * perWriter),
    watchHeaders: true,
    timeoutMs: options.timeouts.idleMs,
    capMs: options.timeouts.capMs,
  };
  const n = options.concurrency;
  // once the colony is gone, myrmo/stays-up carries the headline and the failures after it are blocked by it
  const requests = () => colony.channel.traffic.entries.filter((e) => e.direction === "out").length;
  const gone = () => {
    const how = colony.gone();
    return how
      ? { by: "myrmo/stays-up", reason: `the colony: ${how} after ${requests()} requests` }
      : undefined;
  };
  v.gone = gone;
  v.witness = () => evidenceOf("http", colony.channel.traffic.entries);
  let figures: string | undefined;
  try {
    const base = examples("trail").find((e) => e.name.endsWith("minimal.json"));
    if (!base) throw new Error("bug: schemas/myrmo/examples/trail/minimal.json is missing");
    const published = await publishPhase(ctx, n);
    await rejectPhase(ctx, n);
    await requestErrorPhase(ctx, base.document);
    const first = published[0];
    if (first) await outcomePhase(ctx, first.id, n);
    else
      for (const c of ["outcome-accepted", "outcome-invalid"])
        v.skip(`myrmo/${c}`, "no trail was accepted (myrmo/publish-valid)");
    await hostilePhase(ctx, base.document);
    figures = await loadPhase(ctx, base);
    const exit = gone();
    v.gone = undefined;
    if (exit) {
      v.fail("myrmo/stays-up", exit.reason);
      v.blockRest(exit.by, exit.reason);
    } else if (colony.restartable) v.pass("myrmo/stays-up");
    else v.skip("myrmo/stays-up", "a URL target: keel did not start the colony");
    if (!exit) await durabilityPhase(ctx, base);
  } finally {
    await colony.close();
  }
  const checks = v.list().map((c) =>
    // the load figures are reported whatever the verdict (latency is not a pass criterion)
    c.name === "myrmo/load-nothing-lost" && figures && c.status === "pass" ? { ...c, actual: figures } : c,
  );
  return { checks, stderr: colony.stderr(), capabilities: [] };
}
