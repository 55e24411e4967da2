import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sameDerived } from "@keel/myloop";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { registerMyloopRender } from "../src/commands/myloop-render.js";
import { keel, repoRoot } from "./harness.js";

const clean = join(repoRoot, "conformance", "myloop", "runs", "clean", "myloop", "mapgpt_mp3d", "v1");

async function render(args: string[], cwd = repoRoot) {
  let code = 0;
  const r = await keel(["myloop", "render", ...args], cwd, (p, io) =>
    registerMyloopRender(p, io, (c) => {
      code = c;
    }),
  );
  return { ...r, code: r.code !== 0 ? r.code : code };
}

function copy(): string {
  const dir = join(tempDir("keel-cli-render-"), "myloop", "mapgpt_mp3d", "v1");
  cpSync(clean, dir, { recursive: true });
  return dir;
}

describe("keel myloop render", () => {
  it("--check exits 0 on the example run's files", async () => {
    for (const kind of ["trace", "lineage"]) {
      const r = await render([kind, clean, "--check"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^ok/);
    }
  });

  it("writes a missing or stale file equal to the example's (modulo formatting) and leaves an equal one alone", async () => {
    const dir = copy();
    rmSync(join(dir, "trace.md"));
    writeFileSync(join(dir, "lineage.md"), "# Lineage — myloop mapgpt_mp3d v1\n");
    expect((await render(["trace", dir, "--check"])).code).toBe(1);
    const stale = (await render(["lineage", dir, "--check"])).stdout;
    expect(stale).toMatch(/^stale /);
    // the diff a fresh rendering would apply: the kept title as context, the missing lines as additions
    expect(stale).toMatch(/\n--- .*lineage\.md\t?\n\+\+\+ .*lineage\.md \(rendered\)\t?\n@@ /);
    expect(stale).toContain("\n # Lineage — myloop mapgpt_mp3d v1\n+");
    for (const kind of ["trace", "lineage"]) {
      const r = await render([kind, dir]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^wrote /);
      const written = readFileSync(join(dir, `${kind}.md`), "utf8");
      expect(sameDerived(written, readFileSync(join(clean, `${kind}.md`), "utf8"))).toBe(true);
      expect((await render([kind, dir])).stdout).toMatch(/^unchanged /);
    }
  });

  it("exits 2 for an unknown file kind, a missing directory or a run it cannot name", async () => {
    expect((await render(["summary", clean])).code).toBe(2);
    expect((await render(["trace", "no/such/run"])).code).toBe(2);
    const dir = join(tempDir("keel-cli-render-"), "run");
    cpSync(clean, dir, { recursive: true });
    rmSync(join(dir, "trace.md"));
    rmSync(join(dir, "lineage.md"));
    const r = await render(["trace", dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^keel: expected a run folder …\/myloop\/\{graph\}\/v\{N\}\//);
  });
});
