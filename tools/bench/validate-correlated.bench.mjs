// Issue 29 item 6: `keel validate --jobs` on a correlated Mira session capture (requests and responses in one
// file, paired by id). `--jobs 2` and `--jobs 4` against `--jobs 1` in the same run, fresh processes in turns,
// median of `runs`: wall time, user CPU (all threads) and peak RSS, each as a ratio to `--jobs 1`; the
// reports must be byte-identical. More jobs than cores are clamped to the core count (with a note on stderr),
// so on a 2-core machine `--jobs 4` runs as `--jobs 2`. Threads are forced for any size
// (KEEL_VALIDATE_THREAD_BYTES=0): on two cores keel otherwise starts them only for files over 64 MB.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { miraCaptureLines } from "./mira-capture.mjs";

const root = join(import.meta.dirname, "..", "..");

/** One fresh `keel validate mira --jobs N`: wall s, user CPU s, peak RSS MB and stdout. */
function run(file, jobs, dir) {
  const usageFile = join(dir, "usage.json");
  const args = [
    "--require",
    join(import.meta.dirname, "max-rss.cjs"),
    join(root, "packages/cli/dist/bin.js"),
    "validate",
    "mira",
    "--format",
    "json",
    "--jobs",
    String(jobs),
    file,
  ];
  const start = performance.now();
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    env: { ...process.env, KEEL_BENCH_RUSAGE: usageFile, KEEL_VALIDATE_THREAD_BYTES: "0" },
  });
  const s = (performance.now() - start) / 1000;
  if (r.status !== 1)
    throw new Error(`keel validate --jobs ${jobs}: exit ${r.status}\n${r.stderr.slice(0, 2000)}`);
  const usage = JSON.parse(readFileSync(usageFile, "utf8"));
  return { s, user: usage.user / 1e6, rss: usage.maxRSS / 1024, stdout: r.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function runValidateCorrelatedBench(out = console.log, { lines = 60_000, runs = 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "keel-bench-correlated-"));
  try {
    const file = join(dir, "capture.jsonl");
    writeFileSync(file, `${miraCaptureLines(lines).join("\n")}\n`);
    const mb = statSync(file).size / 1e6;
    const jobs = [1, 2, 4];
    const rounds = jobs.map(() => []);
    for (let r = 0; r < runs; r++) for (const [i, n] of jobs.entries()) rounds[i].push(run(file, n, dir));
    const outputs = new Set(rounds.flat().map((x) => x.stdout));
    if (outputs.size !== 1) throw new Error("keel validate --jobs 2/4 printed another report than --jobs 1");
    const rows = rounds.map((rs, i) => ({
      jobs: jobs[i],
      s: median(rs.map((x) => x.s)),
      user: median(rs.map((x) => x.user)),
      rss: Math.max(...rs.map((x) => x.rss)),
    }));
    const [one] = rows;
    const report = JSON.parse(rounds[0][0].stdout).files[0];
    out(
      `--jobs on a correlated Mira capture: ${lines.toLocaleString("en")} lines (${mb.toFixed(1)} MB, ${report.invalid} invalid, ${report.findings.length} findings), ${availableParallelism()} cores, median of ${runs} fresh processes in turns; reports byte-identical`,
    );
    const widths = [8, 8, 10, 12, 8, 8, 8];
    const line = (cells) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
    out(line(["", "wall s", "user CPU s", "peak RSS MB", "÷ wall", "÷ CPU", "÷ RSS"]));
    for (const r of rows)
      out(
        line([
          `--jobs ${r.jobs}`,
          r.s.toFixed(2),
          r.user.toFixed(2),
          r.rss.toFixed(0),
          `${(r.s / one.s).toFixed(2)}×`,
          `${(r.user / one.user).toFixed(2)}×`,
          `${(r.rss / one.rss).toFixed(2)}×`,
        ]),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename)
  runValidateCorrelatedBench(console.log, {
    lines: Number(process.argv[2] ?? 60_000),
    runs: Number(process.argv[3] ?? 3),
  });
