import { closeSync, existsSync, openSync, readdirSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { KeelError } from "@keel/diagnostics";
import { sha256File } from "@keel/schema-model";

const require = createRequire(import.meta.url);
const SOURCE = /^\/\/ source: (\S+) sha256 ([0-9a-f]{64})$/gm;

/**
 * The schema files a protocol package was generated from whose working copy has changed since (or is
 * gone): each generated file's banner records the sha256 of its sources. The package's validators would
 * give the old schema's verdict, so keel stops instead (README, `keel validate`: stale validators).
 */
export function staleSources(root: string, protocol: string): string[] {
  return staleIn(root, join(dirname(require.resolve(`@keel/${protocol}`)), "generated"));
}

/** `staleSources` of a package's compiled `generated/` folder. */
export function staleIn(root: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  const recorded = new Map<string, string>();
  // in a checkout, a compiled file whose source `keel gen` removed is left by tsc: not the package's any more
  const sources = join(dir, "..", "..", "src", "generated");
  const gone = (name: string) =>
    existsSync(sources) && !existsSync(join(sources, name.replace(/\.js$/, ".ts")));
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".gen.js") && !gone(n))) {
    for (const [, path, sha] of banner(join(dir, name)).matchAll(SOURCE))
      recorded.set(path as string, sha as string);
  }
  const stale: string[] = [];
  for (const [path, sha] of recorded) {
    const file = join(root, path);
    if (!existsSync(file) || sha256File(file) !== sha) stale.push(path);
  }
  return stale.sort();
}

/** Stop with exit 2 when `protocol`'s generated validators are older than its working schemas. */
export function refuseStale(root: string, protocol: string): void {
  const stale = staleSources(root, protocol);
  if (stale.length === 0) return;
  throw new KeelError(
    "validate/stale-validators",
    `expected the ${protocol} validators to be generated from the working schemas, found ${stale.join(", ")} changed since \`keel gen\`; run \`pnpm keel gen\` (then rebuild) so validation uses the schema you edited`,
  );
}

/** The comment lines a generated file starts with (its first 4 KB hold them). */
function banner(path: string): string {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(4096);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
