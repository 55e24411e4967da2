// Issue 19: `npx keel --version` from the installed tarball against `npx` running a trivial bin installed the
// same way (packed, npm-installed into the same scratch project), as wall clock of fresh processes, runs
// interleaved, medians and their ratio (target ≤ 1.5×). Both pay npx's own start-up; the difference is
// keel's: loading the CLI and commander to print a version.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packAll, run } from "../packed/pack.mjs";
import { scratchProject } from "../packed/scratch.mjs";

const RUNS = 15;

/** A one-file package with a bin that prints a version, packed by npm into `dir`. */
function trivialTarball(dir) {
  const pkg = join(dir, "trivial");
  mkdirSync(pkg, { recursive: true });
  const manifest = {
    name: "trivial-bin",
    version: "1.0.0",
    type: "module",
    bin: { "trivial-bin": "bin.js" },
  };
  writeFileSync(join(pkg, "package.json"), JSON.stringify(manifest));
  writeFileSync(join(pkg, "bin.js"), '#!/usr/bin/env node\nconsole.log("1.0.0");\n');
  run("npm", ["pack", "--silent", "--pack-destination", dir], pkg);
  return join(dir, "trivial-bin-1.0.0.tgz");
}

function timeOnce(cwd, args) {
  const start = performance.now();
  const r = spawnSync("npx", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  if (r.status !== 0) throw new Error(`npx ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return performance.now() - start;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function runNpxBench() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "keel-npx-bench-")));
  try {
    const tarballs = [...packAll(join(base, "packs")).map((p) => p.tarball), trivialTarball(base)];
    const project = scratchProject(join(base, "project"), tarballs);
    const keel = [];
    const trivial = [];
    for (let i = 0; i < 2; i++) timeOnce(project, ["keel", "--version"]) + timeOnce(project, ["trivial-bin"]);
    for (let i = 0; i < RUNS; i++) {
      keel.push(timeOnce(project, ["keel", "--version"]));
      trivial.push(timeOnce(project, ["trivial-bin"]));
    }
    const [k, t] = [median(keel), median(trivial)];
    console.log("npx from an npm-installed tarball, median of", RUNS, "fresh processes (interleaved)");
    console.log(`  npx trivial-bin      ${t.toFixed(0).padStart(6)} ms`);
    console.log(
      `  npx keel --version   ${k.toFixed(0).padStart(6)} ms   ${(k / t).toFixed(2)}× (target ≤ 1.5×)`,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runNpxBench();
