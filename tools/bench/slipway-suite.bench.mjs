// Issue 14: the slipway conformance suite against keel's reference slipway. (1) The suite's overhead per
// slipway call — the cli channel (own process group, files written, bounded pipes, group killed) plus the
// suite's judging of the answer (schema of its document type, contract version, next, state rules) — against a
// bare `spawn` of the same program with the same argv reading stdout to its end, alternating in the same run,
// best of 3 rounds (target ≤ 1.3×). (2) The whole generic suite, three runs (target < 20 s each).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(import.meta.dirname, "..", "..");
const runner = join(root, "packages/conformance-runner/dist");
const bin = join(root, "packages/reference/dist/bin/slipway.js");
const N = 12;

function bare(argv) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...argv], { stdio: "pipe", detached: true });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stdin.end();
    child.on("close", (code) => resolve({ code, out }));
  });
}

async function perCall(n, once) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await once();
  return (performance.now() - t0) / n;
}

export async function runSlipwaySuiteBench(out = console.log, { runs = 3 } = {}) {
  const { conform, CliChannel, Verdicts } = await import(join(runner, "index.js"));
  const { call } = await import(join(runner, "suites/slipway/caller.js"));
  const { slipwayChecks } = await import(join(runner, "suites/slipway/checks.js"));
  const { freshWorkspace } = await import(join(runner, "suites/slipway/workspace.js"));
  const w = freshWorkspace();
  try {
    const ctx = {
      cli: new CliChannel({ argv: [process.execPath, bin] }, { timeoutMs: 30_000 }),
      v: new Verdicts(slipwayChecks),
      w,
      program: "slipway",
    };
    const started = await call(ctx, ["run", "--budget", "4", "--json", "--root", w.ws, "--", "bench goal"]);
    const runId = started.doc.run_id;
    const argvs = {
      "status RUN --json": ["status", runId, "--root", w.ws, "--json"],
      "list --json": ["list", "--json", "--root", w.ws],
      "resume (run_not_resumable, exit 3)": ["protocol", "resume", runId, "--root", w.ws],
    };
    out("slipway suite overhead per call vs a bare spawn of the same argv (best of 3 alternating rounds)");
    out("| call | n | bare spawn ms | suite call ms | ratio |");
    out("| --- | --- | --- | --- | --- |");
    let worst = 0;
    for (const [label, argv] of Object.entries(argvs)) {
      let best = { raw: Infinity, suite: Infinity };
      for (let round = 0; round < 3; round++) {
        const raw = await perCall(N, () => bare(argv));
        const suite = await perCall(N, () => call(ctx, argv));
        best = { raw: Math.min(best.raw, raw), suite: Math.min(best.suite, suite) };
      }
      const ratio = best.suite / best.raw;
      worst = Math.max(worst, ratio);
      out(`| ${label} | ${N} | ${best.raw.toFixed(0)} | ${best.suite.toFixed(0)} | ${ratio.toFixed(2)}× |`);
    }
    const failed = ctx.v.list().filter((c) => c.status === "fail");
    if (failed.length) out(`(the timed calls failed ${failed.map((c) => c.name).join(", ")})`);
    out(worst <= 1.3 ? "every call within 1.3×" : `worst call ${worst.toFixed(2)}×: over the 1.3× target`);
  } finally {
    w.remove();
  }
  const walls = [];
  out(`keel conform slipway against keel-slipway, ${runs} runs (target < 20 s)`);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const report = await conform({ suite: "slipway", target: `node ${bin}` });
    const wall = (performance.now() - t0) / 1000;
    walls.push(wall);
    const { pass, fail, skip } = report.counts;
    out(`run ${i + 1}: ${wall.toFixed(1)} s (${pass} passed, ${fail} failed, ${skip} skipped)`);
  }
  const median = [...walls].sort((a, b) => a - b)[Math.floor(walls.length / 2)];
  out(`median ${median.toFixed(1)} s: ${median < 20 ? "within" : "over"} the 20 s target`);
  return median;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runSlipwaySuiteBench();
