// The whole generic colony suite (`keel conform myrmo`, every check at the default load: 16 writers × 50
// trails, plus SIGKILL + restart) against keel's reference colony, wall time per run (target < 15 s), next to
// the load check's own figures from the same run.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(import.meta.dirname, "..", "..");
const runner = join(root, "packages/conformance-runner/dist/index.js");
const colonyBin = join(root, "packages/reference/dist/bin/colony.js");

export async function runColonySuiteBench(out = console.log, { runs = 3 } = {}) {
  const { conform } = await import(runner);
  const target = `node ${colonyBin} --log-level silent --port {port} --db {dir}/colony.sqlite`;
  const walls = [];
  out(`keel conform myrmo against keel-colony (--sync full), ${runs} runs (target < 15 s)`);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const report = await conform({ suite: "myrmo", target });
    const wall = (performance.now() - started) / 1000;
    walls.push(wall);
    const load = report.checks.find((c) => c.name === "myrmo/load-nothing-lost");
    const verdict = `${report.counts.pass} passed, ${report.counts.fail} failed, ${report.counts.skip} skipped`;
    out(`run ${i + 1}: ${wall.toFixed(1)} s (${verdict}); load: ${load?.actual ?? load?.reason}`);
  }
  const median = [...walls].sort((a, b) => a - b)[Math.floor(walls.length / 2)];
  out(`median ${median.toFixed(1)} s: ${median < 15 ? "within" : "over"} the 15 s target`);
  return median;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runColonySuiteBench();
