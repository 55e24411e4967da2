import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const biomeBin = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");

/**
 * Format TypeScript with the repository's own Biome config (run from `root`), so generated files pass
 * `biome ci` and read like the rest of the code. `path` only tells Biome which rules apply.
 */
export function formatWithBiome(root: string, path: string, content: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = [biomeBin, "format", "--vcs-enabled=false", `--stdin-file-path=${path}`];
    const child = spawn(process.execPath, args, { cwd: root });
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
