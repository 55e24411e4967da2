// Wall time of `keel gen --check` for all five protocols, the way CI runs it (a fresh node process that
// loads the schemas and generates every file in memory, writing nothing): cold (`--no-cache`: every
// protocol generated) and with the per-protocol cache of an unchanged checkout (gen-cache.ts). With
// KEEL_BENCH_BEFORE=<a built checkout>, that checkout's cold run beside it (issue 32's targets: cold
// ≤ 0.4× before, unchanged ≤ 0.05× cold). Now's cold runs print their stage times (`--timings`): the TypeScript
// outputs and the other languages' are reported apart.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");

/** The `--timings` report's `all` row (thread seconds per stage, summed over the protocols) and its threads' loading; undefined without one. */
function stagesOf(stdout) {
  const all = stdout.match(/^ {2}all((?: +\d+\.\d+){6})$/m);
  const loading = stdout.match(/^ {2}loading the generators((?: +\d+\.\d+)+)$/m);
  if (!all || !loading) return undefined;
  const [schemas, typescript, fixtures, requirements, languages] = all[1].trim().split(/ +/).map(Number);
  const load = loading[1].trim().split(/ +/).map(Number);
  return { schemas, typescript, fixtures, requirements, languages, loading: load.reduce((x, y) => x + y, 0) };
}

/** One `keel gen --check` in `checkout`: its seconds and stages; null when `args` are unknown to that checkout's keel. */
function genRun(checkout, args) {
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
  return { seconds, stages: stagesOf(r.stdout) };
}

/** Seconds of one `keel gen --check` in `checkout`. */
const genCheck = (checkout, args) => genRun(checkout, args)?.seconds;

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** `runs` cold runs of each checkout, taking turns (a loaded machine's drift falls on both alike); null for a checkout whose keel lacks the args. The first checkout's stage times go to `stages`. */
function coldRuns(checkouts, runs, stages = []) {
  const times = checkouts.map(() => []);
  for (let i = 0; i < runs; i++)
    checkouts.forEach(({ dir, args }, k) => {
      if (times[k] === null) return;
      const run = genRun(dir, args);
      if (run === null) times[k] = null;
      else times[k].push(run.seconds);
      if (k === 0 && run?.stages) stages.push(run.stages);
    });
  return times;
}

/** The median of each stage over the runs, in thread seconds. */
function stageLine(stages) {
  const m = (key) => median(stages.map((s) => s[key])).toFixed(2);
  return (
    `cold run's stages (thread seconds, medians; both threads together): TypeScript outputs ${m("typescript")} s, ` +
    `fixtures ${m("fixtures")} s, requirements ${m("requirements")} s, schemas ${m("schemas")} s, ` +
    `loading the generators ${m("loading")} s; other languages' outputs apart: ${m("languages")} s`
  );
}

export function runGenBench(out = console.log, runs = 3) {
  const before = process.env.KEEL_BENCH_BEFORE;
  const checkouts = [{ dir: root, args: ["--no-cache", "--timings"] }];
  if (before) checkouts.push({ dir: before, args: ["--no-cache"] });
  const stages = [];
  const [nowTimes, thenNoCache] = coldRuns(checkouts, runs, stages);
  const cold = median(nowTimes);
  genCheck(root, []); // stamps every protocol
  const warmTimes = [];
  for (let i = 0; i < runs; i++) warmTimes.push(genCheck(root, []));
  const warm = median(warmTimes);
  out(`cold keel gen --check (--no-cache), all protocols: median ${cold.toFixed(2)} s of ${runs} runs`);
  if (stages.length > 0) out(stageLine(stages));
  out(
    `unchanged checkout (cache): median ${warm.toFixed(2)} s = ${(warm / cold).toFixed(3)}× cold (target ≤ 0.05×: ${warm / cold <= 0.05 ? "met" : "NOT met"})`,
  );
  // one protocol changed: its stamp gone (as after an edit of its schemas), the others unchanged
  for (const protocol of ["myrmo", "slipway"]) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      rmSync(join(root, "node_modules/.cache/keel-gen", `${protocol}.sha256`), { force: true });
      times.push(genCheck(root, []));
    }
    const one = median(times);
    out(
      `one protocol changed (${protocol}), the rest unchanged: median ${one.toFixed(2)} s = ${(one / cold).toFixed(2)}× cold`,
    );
  }
  if (!before) return;
  // a checkout from before the cache knows no --no-cache: every run of it is cold
  const thenTimes = thenNoCache ?? coldRuns([{ dir: before, args: [] }], runs)[0];
  const then = median(thenTimes);
  const ratio = cold / then;
  out(
    `before (${before}) cold: median ${then.toFixed(2)} s, runs taking turns with now's; now ${ratio.toFixed(2)}× before (target ≤ 0.4×: ${ratio <= 0.4 ? "met" : "NOT met"})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  runGenBench(console.log, Number(process.env.KEEL_BENCH_RUNS) || 3);
