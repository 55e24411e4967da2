#!/usr/bin/env node
// `pnpm keel …` from the repo root: build what the command needs if its sources changed (turbo cache,
// ~0.2 s when nothing did), staying silent unless the build fails, then run it with the caller's
// arguments. `keel gen` runs codegen's own entry point and builds only codegen (keel-builds.mjs): the
// CLI is built from the generated protocol packages, so regeneration must not depend on them being intact.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildsFor, turboArgs } from "./keel-builds.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const { isGen, entry, builds } = buildsFor(args);

const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: "1",
  TURBO_NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
};
for (const { filter, required } of builds) {
  const build = spawnSync("pnpm", turboArgs(filter, required ? [] : ["--continue"]), {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (build.status === 0) continue;
  if (!required) {
    // a protocol package that does not compile is what `keel gen` may be about to repair
    process.stderr.write(
      `keel: some protocol packages do not build (${filter}); their fixtures are held to the rules of their last build, if any. Run \`pnpm keel gen\` again once they build.\n`,
    );
    continue;
  }
  process.stderr.write(build.stdout + build.stderr);
  process.stderr.write(
    `keel: building ${filter} failed (see above)${isGen ? "" : "; if generated code is stale, run `pnpm keel gen`"}\n`,
  );
  process.exit(2);
}
// pnpm runs scripts from the root; INIT_CWD is where the user typed the command, so paths resolve there.
const run = spawnSync(process.execPath, [join(root, entry), ...(isGen ? args.slice(1) : args)], {
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdio: "inherit",
  env: { ...process.env, KEEL_ROOT: process.env.KEEL_ROOT ?? root },
});
process.exit(run.status ?? 2);
