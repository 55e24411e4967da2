import { readdirSync, readFileSync } from "node:fs";

/** A process of this test run (it carries `KEEL_TEST_RUN=<run>` in its environment), other than vitest's own. */
export interface Leftover {
  pid: number;
  command: string;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "latin1");
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
};

/**
 * Every live process that inherited this run's marker, except vitest's own processes: what a test started
 * and left running. Linux only (/proc); elsewhere nothing is found. Zombies are dead and not listed.
 */
export function leftovers(run: string): Leftover[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const marker = `KEEL_TEST_RUN=${run}`;
  const found: Leftover[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    const env = read(`/proc/${pid}/environ`);
    if (!env?.split("\0").includes(marker)) continue;
    if (/^\d+ \(.*\) Z/.test(read(`/proc/${pid}/stat`) ?? "")) continue;
    const command = (read(`/proc/${pid}/cmdline`) ?? "").split("\0").join(" ").trim();
    if (
      /node_modules[/\\](\.pnpm[/\\][^/\\]+[/\\]node_modules[/\\])?vitest[/\\]|\.bin[/\\]vitest/.test(command)
    )
      continue;
    found.push({ pid: Number(pid), command });
  }
  return found;
}
