#!/usr/bin/env node
// `pnpm --silent keel-slipway …` from the repo root: build the reference slipway if its sources changed
// (turbo cache, silent unless the build fails), then run its bin with the caller's arguments, stdin,
// stdout and stderr passed straight through and its exit code kept (0 / 2 usage / 3 state). Scripts and
// suites that call it often should run `node packages/reference/dist/bin/slipway.js` directly instead.
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
const turbo = [
  "--silent",
  "turbo",
  "run",
  "build",
  "--filter=@keel/reference...",
  "--output-logs=errors-only",
];
const build = spawnSync("pnpm", turbo, { cwd: root, env, encoding: "utf8" });
if (build.status !== 0) {
  process.stderr.write(
    `${build.stdout}${build.stderr}keel-slipway: building @keel/reference failed (see above)\n`,
  );
  process.exit(1);
}
const child = spawnSync(
  process.execPath,
  [join(root, "packages/reference/dist/bin/slipway.js"), ...process.argv.slice(2)],
  { cwd: process.env.INIT_CWD ?? process.cwd(), stdio: "inherit" },
);
process.exit(child.status ?? 1);
