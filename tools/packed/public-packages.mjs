// The packages keel publishes: every packages/* whose package.json is not private (the rest are
// repository tools: @keel/codegen, @keel/tools).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** { name, version, dir } of each public package, sorted by name. */
export function publicPackages() {
  const dir = join(repoRoot, "packages");
  return readdirSync(dir)
    .map((d) => ({ dir: join(dir, d), pkg: JSON.parse(readFileSync(join(dir, d, "package.json"), "utf8")) }))
    .filter(({ pkg }) => pkg.private !== true)
    .map(({ dir, pkg }) => ({ name: pkg.name, version: pkg.version, dir }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** "public → private" for each @keel dependency of a public package on a private one (npm cannot install it). */
export function privateDependencies() {
  const dir = join(repoRoot, "packages");
  const manifests = readdirSync(dir).map((d) =>
    JSON.parse(readFileSync(join(dir, d, "package.json"), "utf8")),
  );
  const priv = new Set(manifests.filter((m) => m.private === true).map((m) => m.name));
  return manifests
    .filter((m) => m.private !== true)
    .flatMap((m) =>
      Object.keys({ ...m.dependencies, ...m.peerDependencies, ...m.optionalDependencies })
        .filter((d) => priv.has(d))
        .map((d) => `${m.name} → ${d}`),
    );
}
