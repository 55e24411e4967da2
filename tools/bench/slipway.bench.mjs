// Issue 14: the reference slipway is called once per protocol step (a suite makes hundreds of calls), so
// its start-up cost matters. Wall clock of fresh processes, alternating in the same run: `keel-slipway
// status RUN --json` (read-only: no git process, no lock) and `protocol skip` + `protocol resume` style
// mutations are compared against a bare `node -e ''` spawn, the floor any Node CLI pays. Median of N.
import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const bin = join(root, "packages/reference/dist/bin/slipway.js");
const N = 15;

function tutorial() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "keel-slipway-bench-")));
  const git = (...args) => spawnSync("git", ["-C", dir, ...args], { encoding: "utf8" });
  git("init", "-q");
  git("config", "user.name", "Bench");
  git("config", "user.email", "bench@example.invalid");
  writeFileSync(join(dir, "README.md"), "# Protocol tutorial\n");
  git("add", "README.md");
  git("commit", "-qm", "initial");
  return dir;
}

function timed(args) {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: "utf8" });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function runSlipwayBench() {
  const ws = tutorial();
  try {
    const start = JSON.parse(timed([bin, "run", "--json", "--root", ws, "--", "bench goal"]).stdout);
    const rows = {
      "node -e ''": [],
      "status RUN --json": [],
      "list --json": [],
      "run --json (git status)": [],
    };
    for (let i = 0; i < N; i++) {
      rows["node -e ''"].push(timed(["-e", ""]).ms);
      rows["status RUN --json"].push(timed([bin, "status", start.run_id, "--root", ws, "--json"]).ms);
      rows["list --json"].push(timed([bin, "list", "--root", ws, "--json"]).ms);
      rows["run --json (git status)"].push(
        timed([bin, "run", "--json", "--root", ws, "--", "bench goal"]).ms,
      );
    }
    const floor = median(rows["node -e ''"]);
    console.log(`keel-slipway start-up (median of ${N} fresh processes, alternating, same run)`);
    for (const [label, xs] of Object.entries(rows))
      console.log(
        `  ${label.padEnd(26)} ${median(xs).toFixed(0).padStart(6)} ms  ${(median(xs) / floor).toFixed(2)}× node -e ''`,
      );
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runSlipwayBench();
