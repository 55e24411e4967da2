import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Biome's native binary, resolved the way its `bin/biome` wrapper does but once per process: the wrapper
 * is a node process that runs `ldd` before every start (≈ 80 ms against ≈ 14 ms per file here).
 * Falls back to the wrapper when no platform package is installed.
 */
const biome: { command: string; prefix: string[] } = (() => {
  const from = createRequire(require.resolve("@biomejs/biome/package.json"));
  const base = `@biomejs/cli-${process.platform}-${process.arch}`;
  for (const pkg of [base, `${base}-musl`]) {
    try {
      return {
        command: from.resolve(`${pkg}/biome${process.platform === "win32" ? ".exe" : ""}`),
        prefix: [],
      };
    } catch {
      // not this platform's package
    }
  }
  return { command: process.execPath, prefix: [require.resolve("@biomejs/biome/bin/biome")] };
})();

/**
 * Format TypeScript with the repository's own Biome config (run from `root`), so generated files pass
 * `biome ci` and read like the rest of the code. `path` only tells Biome which rules apply.
 */
export function formatWithBiome(root: string, path: string, content: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = [...biome.prefix, "format", "--vcs-enabled=false", `--stdin-file-path=${path}`];
    const child = spawn(biome.command, args, { cwd: root });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`biome could not format ${path}: ${Buffer.concat(err).toString("utf8")}`));
    });
    child.stdin.end(content);
  });
}
