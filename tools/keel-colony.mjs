#!/usr/bin/env node
// `pnpm keel-colony …` from the repo root: build the reference colony if its sources changed (turbo cache,
// silent unless the build fails), then run its bin with the caller's arguments. SIGTERM/SIGINT are passed
// on so the colony shuts down gracefully; its stdout (the URL it listens on) is the child's own.
import { spawn, spawnSync } from "node:child_process";
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
    `${build.stdout}${build.stderr}keel-colony: building @keel/reference failed (see above)\n`,
  );
  process.exit(2);
}
const child = spawn(
  process.execPath,
  [join(root, "packages/reference/dist/bin/colony.js"), ...process.argv.slice(2)],
  {
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdio: "inherit",
  },
);
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 2)));
