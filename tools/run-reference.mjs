#!/usr/bin/env node
// `pnpm --silent keel-colony …` / `pnpm --silent keel-slipway …` from the repo root: build the reference
// implementations if their sources changed (turbo cache, silent unless the build fails), then run the named
// bin of @keel/reference with the caller's arguments; stdin, stdout and stderr are the child's own and its
// exit code is kept. SIGTERM/SIGINT are passed on (a colony shuts down gracefully). Scripts and suites that
// call a bin often should run `node packages/reference/dist/bin/<bin>.js` directly instead.
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [bin, ...args] = process.argv.slice(2);
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
    `${build.stdout}${build.stderr}keel-${bin}: building @keel/reference failed (see above)\n`,
  );
  process.exit(2);
}
const child = spawn(process.execPath, [join(root, "packages/reference/dist/bin", `${bin}.js`), ...args], {
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdio: "inherit",
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 2)));
