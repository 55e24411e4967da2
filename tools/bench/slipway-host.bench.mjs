// Issue 15: `keel conform slipway-host`. (1) One host call through keel's shim, recorded and answered by the
// suite's own per-call path (a staged answer: the real CLI's recorded `run --json` document), against the
// same host calling a bare process that prints the same answer — per call, timed inside the host, same run,
// best of alternating rounds (target ≤ 1.5×). (2) The whole suite against keel's reference host and slipway
// (every scenario), wall time (target < 30 s).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(import.meta.dirname, "..", "..");
const runner = join(root, "packages/conformance-runner/dist/index.js");
// the suite's own per-scenario path, from the suite's entry (the runner's index names no suite)
const hostSuite = join(root, "packages/conformance-runner/dist/suites/slipway-host/index.js");
const slipwayBin = join(root, "packages/reference/dist/bin/slipway.js");
const hostBin = join(root, "packages/reference/dist/bin/slipway-host.js");
const shared = process.env.KEEL_SHARED ?? join(root, "..", "shared");
const N = 20;

// a host that makes N identical calls of `slipway run --json …` and prints the µs per call
const hostScript = `const { spawnSync } = require("node:child_process");
const argv = ["run", "--budget", "4", "--json", "--root", process.cwd(), "--goal-file", "/dev/null"];
spawnSync("slipway", argv, { encoding: "utf8" });
const t0 = process.hrtime.bigint();
for (let i = 0; i < ${N}; i++) spawnSync("slipway", argv, { encoding: "utf8" });
process.stdout.write(String(Number(process.hrtime.bigint() - t0) / ${N} / 1000));`;

export async function runSlipwayHostBench(out = console.log, { rounds = 3, suiteRuns = 1 } = {}) {
  const { conform, parseTarget } = await import(runner);
  const { runScenario } = await import(hostSuite);
  const answer = readFileSync(join(shared, "peers/slipway/recordings/01-run.stdout"), "utf8");
  const dir = mkdtempSync(join(tmpdir(), "keel-host-bench-"));
  try {
    const host = join(dir, "host.cjs");
    writeFileSync(host, hostScript);
    const bare = join(dir, "bin");
    spawnSync("mkdir", [bare]);
    writeFileSync(
      join(bare, "slipway"),
      `#!${process.execPath}\nprocess.stdout.write(${JSON.stringify(answer)});\n`,
      {
        mode: 0o755,
      },
    );
    const staged = {
      name: "bench",
      summary: "every call answered by keel with the recorded run answer",
      folder: "workspace",
      expectEnd: false,
      stage: () => ({ label: "bench", answer: { stdout: answer, exit: 0 } }),
    };
    const limits = { scenarioMs: 120_000, maxCalls: N + 5, graceMs: 0 };
    const viaKeel = async () => {
      const log = await runScenario(
        staged,
        parseTarget(`node ${host}`),
        { argv: [], callMs: 1000 },
        limits,
        dir,
      );
      return Number(log.stdout);
    };
    const viaBare = () => {
      const r = spawnSync(process.execPath, [host], {
        cwd: dir,
        env: { ...process.env, PATH: `${bare}:${process.env.PATH}` },
        encoding: "utf8",
      });
      return Number(r.stdout);
    };
    let best = { bare: Infinity, keel: Infinity };
    for (let r = 0; r < rounds; r++)
      best = { bare: Math.min(best.bare, viaBare()), keel: Math.min(best.keel, await viaKeel()) };
    const ratio = best.keel / best.bare;
    out(
      `slipway-host: one host call answered by keel vs a bare process printing the same answer (${N} calls, best of ${rounds})`,
    );
    out(
      `  bare ${(best.bare / 1000).toFixed(1)} ms, through keel's shim ${(best.keel / 1000).toFixed(1)} ms: ${ratio.toFixed(2)}× (target ≤ 1.5×)`,
    );
    const walls = [];
    for (let i = 0; i < suiteRuns; i++) {
      const started = performance.now();
      const report = await conform({
        suite: "slipway-host",
        target: `node ${hostBin} --goal {goal}`,
        own: { backing: `node ${slipwayBin}` },
      });
      walls.push((performance.now() - started) / 1000);
      const c = report.counts;
      out(
        `  whole suite vs keel-slipway-host: ${walls.at(-1).toFixed(1)} s (${c.pass} passed, ${c.fail} failed, ${c.skip} skipped)`,
      );
    }
    const median = [...walls].sort((a, b) => a - b)[Math.floor(walls.length / 2)];
    out(`  suite median ${median.toFixed(1)} s: ${median < 30 ? "within" : "over"} the 30 s target`);
    // on a shared box the absolute figure moves with the load; the bare call above is the yardstick
    out(
      `  (1-minute load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores; a bare call took ${(best.bare / 1000).toFixed(0)} ms)`,
    );
    return { ratio, suiteSeconds: median };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runSlipwayHostBench();
