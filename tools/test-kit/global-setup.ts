import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { leftovers } from "./leftovers.ts";

/**
 * Nothing outlives its test run: every process the tests start inherits a marker for this run; when the
 * run ends, whatever still carries it (given a few seconds to finish exiting) is killed and the run fails,
 * naming each process.
 */
export default function setup(): () => Promise<void> {
  const run = randomUUID();
  process.env.KEEL_TEST_RUN = run;
  return async () => {
    let left = leftovers(run);
    for (let i = 0; i < 50 && left.length > 0; i++) {
      await sleep(100);
      left = leftovers(run);
    }
    if (left.length === 0) return;
    for (const { pid } of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
    throw new Error(
      `${left.length} process(es) outlived their tests (killed now):\n${left.map((l) => `  ${l.pid} ${l.command}`).join("\n")}`,
    );
  };
}
