import { readdirSync, readFileSync } from "node:fs";

/**
 * How many processes are running the shim right now (Linux: read from /proc; elsewhere 0, and the
 * arrival-time rule alone decides). A host's call still running when the host exited is one of these,
 * however late it would reach keel.
 */
export function shimsRunning(shimPath: string): number {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  let running = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(shimPath)) running++;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return running;
}
