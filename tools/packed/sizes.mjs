// Sizes for the report: each tarball, each installed package, and @keel/cli with everything it pulls in.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** Apparent size in bytes of every file under `dir`. */
export function treeBytes(dir) {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += treeBytes(p);
    else if (e.isFile()) total += statSync(p).size;
  }
  return total;
}

/** The folder node would load `name` from, looked up from `from` (a package folder) as node does. */
function resolveDir(name, from) {
  for (let d = from; ; d = dirname(d)) {
    const candidate = join(d, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(d) === d) throw new Error(`${name} is not installed above ${from}`);
  }
}

/** Bytes of `name` and its dependency closure (each folder counted once) installed under `project`. */
export function closureBytes(project, name) {
  const seen = new Set();
  const visit = (dir) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(resolveDir(dep, dir));
  };
  visit(resolveDir(name, project));
  // a package's own nested node_modules are its dependencies, counted through the walk
  let total = 0;
  for (const dir of seen) total += treeBytes(dir) - nestedBytes(dir);
  return { bytes: total, packages: seen.size };
}

function nestedBytes(dir) {
  const nested = join(dir, "node_modules");
  return existsSync(nested) ? treeBytes(nested) : 0;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
