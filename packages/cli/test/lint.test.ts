import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { registerLint } from "../src/commands/lint.js";
import { keel, repoRoot } from "./harness.js";

const runs = join(repoRoot, "conformance", "myloop", "runs");
// the harness passes extra commands no setExit: capture the exit code here (usage errors come from the harness)
async function lint(args: string[], cwd = repoRoot) {
  let code = 0;
  const r = await keel(["lint", ...args], cwd, (p, io) =>
    registerLint(p, io, (c) => {
      code = c;
    }),
  );
  return { ...r, code: r.code !== 0 ? r.code : code };
}

describe("keel lint myloop", () => {
  it("exits 0 on the clean example run", async () => {
    const r = await lint(["myloop", join(runs, "clean/myloop/mapgpt_mp3d/v1")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok {3}.*: 0 errors, 0 warnings and notes\n$/);
  });

  it("exits 1 and prints file:line, code and message for a broken copy", async () => {
    const r = await lint([
      "myloop",
      "conformance/myloop/runs/knowledge-bullet-provenance/myloop/mapgpt_mp3d/v1",
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n")[0]).toMatchInlineSnapshot(
      `"conformance/myloop/runs/knowledge-bullet-provenance/myloop/mapgpt_mp3d/v1/knowledge.md:5 error myloop/knowledge-bullet-provenance expected the bullet to end with (added: bootstrap) or (added: iter_N), found "…an access_grants entry in the graph file""`,
    );
  });

  it("takes several run directories, and prints them as GitHub annotations or SARIF", async () => {
    const clean = join(runs, "clean/myloop/mapgpt_mp3d/v1");
    const broken = "conformance/myloop/runs/rollup-outcome/myloop/mapgpt_mp3d/v1";
    const pretty = await lint(["myloop", clean, broken]);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toMatch(/^ok {3}.*clean.*\n/m);
    expect(pretty.stdout).toMatch(/^FAIL .*rollup-outcome.*: 1 error/m);
    const github = await lint(["myloop", clean, broken, "--format", "github"]);
    expect(github.stdout).toMatch(
      /^::error file=conformance\/myloop\/runs\/rollup-outcome\/myloop\/mapgpt_mp3d\/v1\/iteration\/iter_1\/record\.json,title=myloop\/rollup-outcome::/,
    );
    const sarif = JSON.parse((await lint(["myloop", broken, "--format", "sarif"])).stdout);
    expect(sarif.runs[0].results[0]).toMatchObject({ ruleId: "myloop/rollup-outcome", level: "error" });
    const json = JSON.parse((await lint(["myloop", clean, broken, "--format", "json"])).stdout);
    expect(json).toMatchObject({ valid: false, runs: [{ valid: true }, { valid: false, runDir: broken }] });
  });

  it("--strict makes a warning fail the run", async () => {
    const dir = "conformance/myloop/runs/constraints-layers/myloop/mapgpt_mp3d/v1";
    expect((await lint(["myloop", dir])).code).toBe(0);
    const strict = await lint(["myloop", dir, "--strict", "--format", "json"]);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).summary).toMatchObject({ errors: 1, warnings: 0 });
  });

  it("--format json has valid, runDir, summary and findings", async () => {
    const dir = "conformance/myloop/runs/rollup-outcome/myloop/mapgpt_mp3d/v1";
    const r = await lint(["myloop", dir, "--format", "json"]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ valid: false, runDir: dir, summary: { errors: 1, warnings: 0, infos: 0 } });
    expect(out.findings[0]).toMatchObject({
      code: "myloop/rollup-outcome",
      file: "iteration/iter_1/record.json",
      pointer: "/iter_summary/outcome_class",
    });
  });

  it("exits 0 with warnings only", async () => {
    const dir = join(tempDir("keel-cli-lint-"), "myloop", "mapgpt_mp3d", "v1");
    cpSync(join(runs, "clean/myloop/mapgpt_mp3d/v1"), dir, { recursive: true });
    const trace = join(dir, "trace.md");
    writeFileSync(trace, readFileSync(trace, "utf8").replace("inert", "ok"));
    const r = await lint(["myloop", dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("warning myloop/trace-cells");
    expect(r.stdout).toContain("info myloop/history-unchecked");
  });

  it("escapes control characters that file content brings into messages", async () => {
    const dir = join(tempDir("keel-cli-lint-"), "myloop", "mapgpt_mp3d", "v1");
    cpSync(join(runs, "clean/myloop/mapgpt_mp3d/v1"), dir, { recursive: true });
    writeFileSync(join(dir, "constraints.md"), "\u001b[2Jtitle\n- MUST keep\n");
    const r = await lint(["myloop", dir]);
    expect(r.stdout).not.toContain("\u001b");
    expect(r.stdout).toContain("\\u001b[2Jtitle");
  });

  it("exits 2 for another protocol or a missing directory", async () => {
    expect((await lint(["atif", runs])).code).toBe(2);
    const missing = await lint(["myloop", "no/such/run"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("keel: expected a readable run directory at no/such/run, found none\n");
  });
});
