import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "@keel/diagnostics";

const MARKER = join("schemas", "registry.json");
const HERE = dirname(fileURLToPath(import.meta.url));
/**
 * This package's own folder. An installed keel (npm, no checkout) finds the schemas of its release here:
 * `pnpm pack` copies the repository's schemas/ (without examples) into the package (tools/pack-assets.mjs).
 */
const PACKAGE_DIR = resolve(HERE, "..");

/**
 * The keel repository root: $KEEL_ROOT if set, else the nearest folder above the working directory,
 * else above this module, that holds schemas/registry.json. Installed from npm, the last is this
 * package's folder with the schemas it ships (see `isCheckout`).
 */
export function findRoot(start: string = process.cwd()): string {
  const fromEnv = process.env.KEEL_ROOT;
  if (fromEnv) return resolve(fromEnv);
  const found = searchUp(resolve(start)) ?? searchUp(HERE);
  if (found === undefined) {
    throw new Error(`no ${MARKER} above ${start}; run keel inside the repository or set KEEL_ROOT`);
  }
  return found;
}

/** Whether `root` is a keel checkout (working schemas), not the released schemas an installed keel ships. */
export function isCheckout(root: string): boolean {
  return resolve(root) !== PACKAGE_DIR;
}

/**
 * The checkout root for a command that edits or checks the working schemas (`gen`, `bump`, `examples`,
 * `compat` over working schemas); outside one, a usage error that says so instead of acting on the
 * schemas shipped with the package.
 */
export function checkoutRoot(start: string, command: string): string {
  const root = findRoot(start);
  if (isCheckout(root)) return root;
  throw new UsageError(
    `expected a keel repository checkout (a folder with ${MARKER}) at or above ${resolve(start)} for \`keel ${command}\`, found none: it works on the working schemas; installed from npm, keel carries the released schemas for validate, lint, conform, record, explain and compat --from/--to; run it in a clone of the keel repository or set KEEL_ROOT to one`,
  );
}

function searchUp(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(join(current, MARKER))) return current;
    if (dirname(current) === current) return undefined;
  }
}

export const schemasDir = (root: string): string => join(root, "schemas");
export const protocolDir = (root: string, protocol: string): string => join(root, "schemas", protocol);
export const releasedDir = (root: string, protocol: string, version: string): string =>
  join(root, "schemas", protocol, "released", version);
