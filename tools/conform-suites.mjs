#!/usr/bin/env node
// `pnpm conform`: every conformance suite against keel's own implementation, as each suite declares it
// (`Suite.reference`: target and golden exchanges), through `keel conform`. Knows no suite by name.
// Each suite's reports (pretty printed, JSON and HTML) go to out/conform/<suite>/, and `keel report` merges
// the JSON into one matrix page, out/conform/matrix/report.html.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const keel = (args, stdio = "inherit") =>
  spawnSync(process.execPath, [join(root, "tools", "keel.mjs"), ...args], { cwd: root, stdio });
// build what `keel conform` needs first (keel.mjs does it quietly), then read the suites from the built runner
if (keel(["conform", "--help"], ["ignore", "ignore", "inherit"]).status !== 0) process.exit(2);
const { suites } = await import(join(root, "packages", "conformance-runner", "dist", "index.js"));
const out = join(root, "out", "conform");
let worst = 0;
for (const suite of suites) {
  const { target, golden } = suite.reference;
  const reports = [
    "--format",
    "pretty,json,html",
    "--out",
    join(out, suite.name),
    "--label",
    "keel reference",
  ];
  const r = keel([
    "conform",
    suite.name,
    "--target",
    target,
    ...(golden ? ["--golden", golden] : []),
    ...reports,
  ]);
  worst = Math.max(worst, r.status ?? 1);
}
const json = suites.map((s) => join(out, s.name, "report.json"));
const merged = keel(["report", ...json, "--out", join(out, "matrix")]);
process.exit(Math.max(worst, merged.status ?? 1));
