import { delimiter } from "node:path";
import { Launched } from "../../process/launch.js";
import type { Answered } from "./call.js";

/** The slipway keel forwards calls to: a command's argv (`node …/slipway.js`, or a real `slipway`). */
export interface Backing {
  argv: string[];
  /** how long one forwarded call may take */
  callMs: number;
}

/**
 * Runs one call on the backing slipway as the host made it (same argv after the program name, cwd,
 * environment and stdin), except that the shim's folder is taken off PATH. A backing that hangs is
 * killed after `callMs` and answered as keel's own failure (exit 70), never the host's.
 */
export async function forward(
  backing: Backing,
  call: { argv: string[]; cwd: string; env: NodeJS.ProcessEnv; stdin: string },
  shimDir: string,
): Promise<Answered> {
  const PATH = (call.env.PATH ?? process.env.PATH ?? "")
    .split(delimiter)
    .filter((p) => p !== shimDir)
    .join(delimiter);
  const program = new Launched(
    { argv: [...backing.argv, ...call.argv] },
    { cwd: call.cwd, env: { ...call.env, PATH }, stdin: call.stdin, maxStdout: 16 << 20, maxStderr: 1 << 20 },
  );
  const exit = await program.waitExit(backing.callMs);
  if (!exit) {
    await program.kill();
    return { stderr: `keel: the backing slipway did not answer within ${backing.callMs} ms\n`, exit: 70 };
  }
  if (program.spawnError)
    return { stderr: `keel: the backing slipway could not be started: ${program.spawnError}\n`, exit: 70 };
  return { stdout: program.stdout(), stderr: program.stderr(), exit: exit.code ?? 70 };
}
