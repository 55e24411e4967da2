// `pnpm pack` of every public package (workspace:* turned into versions, prepack assets copied in).
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { publicPackages, repoRoot } from "./public-packages.mjs";

const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: "1",
  TURBO_NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
};

/** Build every public package (turbo cache), then pack each into `dest`; returns [{ name, tarball }]. */
export function packAll(dest) {
  const packages = publicPackages();
  const filters = packages.map((p) => `--filter=${p.name}`);
  run("pnpm", ["--silent", "turbo", "run", "build", ...filters, "--output-logs=errors-only"], repoRoot);
  mkdirSync(dest, { recursive: true });
  return packages.map((p) => {
    const before = new Set(readdirSync(dest));
    run("pnpm", ["pack", "--pack-destination", dest], p.dir);
    const made = readdirSync(dest).filter((f) => f.endsWith(".tgz") && !before.has(f));
    if (made.length !== 1) throw new Error(`pnpm pack of ${p.name} made ${made.length} tarballs`);
    return { name: p.name, version: p.version, tarball: join(dest, made[0]) };
  });
}

export function run(command, args, cwd, extraEnv = {}) {
  const r = spawnSync(command, args, { cwd, env: { ...env, ...extraEnv }, encoding: "utf8" });
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(" ")} (in ${cwd}) exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}
