// Wall time of a cold `keel gen --check` for all five protocols: a fresh node process that loads the
// schemas and generates every file in memory (writes nothing), the way CI runs it.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");

export function runGenBench(out = console.log, runs = 3) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, [join(root, "packages/codegen/dist/bin.js"), "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    times.push(performance.now() - start);
    if (r.status !== 0) throw new Error(`keel gen --check failed:\n${r.stdout}${r.stderr}`);
  }
  times.sort((a, b) => a - b);
  out(
    `cold keel gen --check, all protocols: median ${(times[Math.floor(runs / 2)] / 1000).toFixed(2)} s of ${runs} runs (target < 5 s)`,
  );
}
