import { CliChannel } from "../../channels/cli/channel.js";
import type { Program } from "../../process/launch.js";
import type { Target } from "../../process/target.js";
import { programOf } from "../kit/program.js";
import type { SuiteOptions } from "../suite.js";

/**
 * A slipway is a program keel runs once per call; its --target is a command, never a URL. An argv
 * target's relative paths (`node my/slipway.js`, `./slipway`) are made absolute from the caller's
 * folder, because every call runs in the scenario's own folder.
 */
export const slipwayProgram = (target: Target, cwd = process.cwd()): Program =>
  programOf(target, "the command that is slipway", { absoluteFrom: cwd });

/**
 * The cli channel of one scenario: each call may take up to --timeout and runs in `folder` (the
 * session folder beside the workspace, as the recorded session ran its calls), so a slipway that
 * ignored --root would still write nowhere but there. A shell target runs in the caller's folder
 * (keel cannot rewrite the paths inside a command line).
 */
export function slipwayChannel(target: Target, options: SuiteOptions, folder: string): CliChannel {
  const cwd = options.cwd ?? process.cwd();
  return new CliChannel(slipwayProgram(target, cwd), {
    cwd: target.kind === "shell" ? cwd : folder,
    timeoutMs: options.timeouts.idleMs,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
