// Wall time of `keel gen --check` for all five protocols, the way CI runs it (a fresh node process that
// loads the schemas and generates every file in memory, writing nothing): cold (`--no-cache`: every
// protocol generated) and with the per-protocol cache of an unchanged checkout (gen-cache.ts). With
// KEEL_BENCH_BEFORE=<a built checkout>, that checkout's cold run beside it (issue 32's targets: cold
// ≤ 0.4× before, unchanged ≤ 0.05× cold).
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");

/** Seconds of one `keel gen --check` in `checkout`; null when `args` are unknown to that checkout's keel. */
function genCheck(checkout, args) {
  const start = performance.now();
  const r = spawnSync(
    process.execPath,
    [join(checkout, "packages/codegen/dist/bin.js"), "--check", ...args],
    {
      cwd: checkout,
      encoding: "utf8",
    },
  );
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0 && /unknown option/.test(r.stderr)) return null;
  if (r.status !== 0)
    throw new Error(`keel gen --check ${args.join(" ")} failed in ${checkout}:\n${r.stdout}${r.stderr}`);
  return seconds;
}

function median(checkout, args, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = genCheck(checkout, args);
    if (t === null) return null;
    times.push(t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

export function runGenBench(out = console.log, runs = 3) {
  const cold = median(root, ["--no-cache"], runs);
  genCheck(root, []); // stamps every protocol
  const warm = median(root, [], runs);
  out(`cold keel gen --check (--no-cache), all protocols: median ${cold.toFixed(2)} s of ${runs} runs`);
  out(
    `unchanged checkout (cache): median ${warm.toFixed(2)} s = ${(warm / cold).toFixed(3)}× cold (target ≤ 0.05×)`,
  );
  const before = process.env.KEEL_BENCH_BEFORE;
  if (!before) return;
  // a checkout from before the cache knows no --no-cache: every run of it is cold
  const then = median(before, ["--no-cache"], runs) ?? median(before, [], runs);
  out(
    `before (${before}) cold: median ${then.toFixed(2)} s; now ${(cold / then).toFixed(2)}× before (target ≤ 0.4×)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  runGenBench(console.log, Number(process.env.KEEL_BENCH_RUNS) || 3);
