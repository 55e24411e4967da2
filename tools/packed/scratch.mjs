// A scratch project outside the repository with the packed tarballs installed by npm (no workspace links).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "./pack.mjs";

/**
 * `dir` (made) with an ESM package.json and `npm install` of every tarball together, so @keel/*
 * dependencies resolve to the tarballs and never to the registry. The caller removes the folder.
 */
export function scratchProject(dir, tarballs) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "keel-scratch", private: true, type: "module" }, null, 2)}\n`,
  );
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", "--save-dev", ...tarballs], dir, {
    npm_config_update_notifier: "false",
  });
  return dir;
}
