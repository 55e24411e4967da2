import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MARKER = join("schemas", "registry.json");

/**
 * The keel repository root: $KEEL_ROOT if set, else the nearest folder above the working directory,
 * else above this module, that holds schemas/registry.json.
 */
export function findRoot(start: string = process.cwd()): string {
  const fromEnv = process.env.KEEL_ROOT;
  if (fromEnv) return resolve(fromEnv);
  const found = searchUp(resolve(start)) ?? searchUp(dirname(fileURLToPath(import.meta.url)));
  if (found === undefined) {
    throw new Error(`no ${MARKER} above ${start}; run keel inside the repository or set KEEL_ROOT`);
  }
  return found;
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
