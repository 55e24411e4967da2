import { CliChannel } from "../../channels/cli/channel.js";
import type { Program } from "../../process/launch.js";
import { type Target, TargetError } from "../../process/target.js";
import type { SuiteOptions } from "../suite.js";

/** A slipway is a program keel runs once per call; its --target is a command, never a URL. */
export function slipwayProgram(target: Target): Program {
  if (target.kind === "url")
    throw new TargetError(`expected --target to be the command that is slipway, found the URL ${target.url}`);
  return target.kind === "argv" ? { argv: target.argv } : { shell: target.command };
}

/**
 * The cli channel every slipway scenario uses: each call runs in the caller's folder (every path keel
 * passes is absolute and every call names --root, so the slipway has no reason to write there) and may
 * take up to --timeout.
 */
export function slipwayChannel(target: Target, options: SuiteOptions): CliChannel {
  return new CliChannel(slipwayProgram(target), {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    timeoutMs: options.timeouts.idleMs,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
