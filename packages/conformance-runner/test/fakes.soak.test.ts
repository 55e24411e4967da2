import { type ChildProcess, spawn } from "node:child_process";
import { afterAll } from "vitest";

/**
 * Every fake of every suite, each caught by the check its first line names (fakes.ts), with four
 * CPU-bound processes beside the run: a verdict must not change with the machine's load (an implementer's
 * CI runner is a busy machine too). The heaviest test of the repository, so it is a soak run: `pnpm
 * test:soak` (after `pnpm test` in CI).
 */
const burners: ChildProcess[] = Array.from({ length: 4 }, () =>
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

await import("./fakes.js");
