import { type ChildProcess, spawn } from "node:child_process";
import { afterAll } from "vitest";

/**
 * CPU-bound processes beside a test file's run, killed and awaited when the file ends: a verdict must not
 * change with the machine's load (an implementer's CI runner is a busy machine too). One per fakes file:
 * the soak run has two files at once on a 2-core runner, so each core carries a burner besides the fakes
 * (two per file, four at once, leave the fakes a smaller share of the CPU and cost every CI run minutes).
 */
export function loadTheMachine(count = 1): void {
  const burners: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
  afterAll(async () => {
    await Promise.all(
      burners.map((b) => {
        if (b.exitCode !== null || b.signalCode !== null) return undefined;
        const exited = new Promise((r) => b.once("exit", r));
        b.kill("SIGKILL");
        return exited;
      }),
    );
  });
}
