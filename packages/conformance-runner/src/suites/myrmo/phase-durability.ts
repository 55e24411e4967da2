import type { Context } from "./context.js";
import type { Fixture } from "./fixtures.js";
import { burst, readAll, unansweredOf } from "./phase-load.js";

const burstSize = 64;

/** A burst of 202s, SIGKILL right after, restart on the same command: every accepted trail is there. */
export async function durabilityPhase(ctx: Context, base: Fixture): Promise<void> {
  if (!ctx.colony.restartable)
    return ctx.v.skip(
      "myrmo/durable-after-kill",
      "a URL target cannot be killed and restarted by keel (give a command with {port})",
    );
  const b = await burst(ctx, base, Math.min(burstSize, ctx.maxRequests), "durability");
  const notUp = await ctx.colony.restart();
  if (notUp)
    return ctx.v.fail("myrmo/durable-after-kill", `the colony did not come back after SIGKILL: ${notUp}`);
  ctx.watchHeaders = false;
  const { lost: missing, unanswered } = await readAll(ctx, b.published, "myrmo/durable-after-kill");
  ctx.watchHeaders = true;
  ctx.v.expect(
    "myrmo/durable-after-kill",
    missing.length > 0
      ? `${missing.length} of ${b.published.length} trails accepted before SIGKILL are gone, first: ${missing[0]}`
      : b.published.length === 0 && b.unanswered.length === 0
        ? "no publish was accepted before the kill"
        : unansweredOf([...b.unanswered, ...unanswered]),
    {
      expected: `all ${b.published.length} accepted trails after restart`,
      actual: `${b.published.length - missing.length} found`,
    },
  );
}
