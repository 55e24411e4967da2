import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.js";
import { repoRoot } from "./harness.js";

async function run(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
    cwd: repoRoot,
  });
  return { code, stdout, stderr };
}

describe("keel explain", () => {
  it("prints a code's meaning, the requirement it enforces by upstream source, and an example, exit 0", async () => {
    const { code, stdout } = await run(["explain", "atif/step-id-sequence"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/meaning: `step_id`s are 1, 2, 3/);
    expect(stdout).toMatch(/example: /);
  });

  it("explains compat rules and conform checks with their citations", async () => {
    expect((await run(["explain", "compat/max-length-decreased"])).stdout).toMatch(
      /maxLength of a string is tighter/,
    );
    expect((await run(["explain", "mira/initialize-first"])).stdout).toMatch(/initialize/);
  });

  it("exits 2 for an unknown code, naming the nearest known codes", async () => {
    const { code, stdout, stderr } = await run(["explain", "schema/max-lenght"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/found "schema\/max-lenght"; nearest: schema\/max-length,/);
  });

  it("docs/codes.md is the current `keel explain --all --format markdown`", async () => {
    const { code, stdout } = await run(["explain", "--all", "--format", "markdown"]);
    expect(code).toBe(0);
    const page = readFileSync(join(repoRoot, "docs", "codes.md"), "utf8");
    // run `pnpm exec keel explain --all --format markdown > docs/codes.md` when this fails
    expect(page).toBe(stdout);
  });
});
