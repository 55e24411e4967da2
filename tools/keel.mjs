#!/usr/bin/env node
// `pnpm keel …` from the repo root: build the CLI if its sources changed (turbo cache, ~0.2 s when
// nothing did), staying silent unless the build fails, then run it with the caller's arguments.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: "1",
  TURBO_NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
};
const build = spawnSync(
  "pnpm",
  ["--silent", "turbo", "run", "build", "--filter=@keel/cli...", "--output-logs=errors-only"],
  {
    cwd: root,
    env,
    encoding: "utf8",
  },
);
if (build.status !== 0) {
  process.stderr.write(build.stdout + build.stderr);
  process.stderr.write("keel: building the CLI failed (see above)\n");
  process.exit(2);
}
// pnpm runs scripts from the root; INIT_CWD is where the user typed the command, so paths resolve there.
const run = spawnSync(process.execPath, [join(root, "packages/cli/dist/bin.js"), ...process.argv.slice(2)], {
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdio: "inherit",
  env: { ...process.env, KEEL_ROOT: process.env.KEEL_ROOT ?? root },
});
process.exit(run.status ?? 2);
