import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { lintHistory } from "./history.js";

const clean = fileURLToPath(
  new URL("../../../../conformance/myloop/runs/clean/myloop/mapgpt_mp3d/v1", import.meta.url),
);

/** A copy of the clean run in a fresh directory, optionally committed to a new git repository. */
function copy(withGit: boolean): string {
  const dir = join(tempDir("keel-myloop-"), "run");
  cpSync(clean, dir, { recursive: true });
  if (withGit) {
    const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { stdio: "ignore" });
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=keel", "-c", "user.email=keel@example.invalid", "commit", "-q", "-m", "run");
  }
  return dir;
}

const edit = (dir: string, file: string, change: (text: string) => string): void => {
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));
};
const codes = (dir: string) => lintHistory(dir).map((f) => `${f.severity} ${f.code}`);

describe("history rules", () => {
  it("say once that history was not checked outside a git repository", () => {
    expect(lintHistory(copy(false))).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/history-unchecked",
          "file": "experiment_design.yaml",
          "message": "expected the run directory inside a git repository to check the locked baselines and append-only files against their history, found none: not checked",
          "pointer": "",
          "severity": "info",
        },
      ]
    `);
  });

  it("say so too for a run inside a repository that git never committed (untracked or ignored)", () => {
    const dir = copy(false);
    execFileSync("git", ["-C", dir, "init", "-q"], { stdio: "ignore" });
    expect(lintHistory(dir).map((f) => f.message)).toEqual([
      "expected the run directory inside a git repository to check the locked baselines and append-only files against their history, found no commit of it (untracked or ignored): not checked",
    ]);
  });

  it("accept an unchanged committed run and appended lines", () => {
    const dir = copy(true);
    expect(codes(dir)).toEqual([]);
    edit(
      dir,
      "experience.jsonl",
      (t) => `${t}${t.split("\n")[0]?.replace("exp_iter0_001", "exp_iter1_002")}\n`,
    );
    expect(codes(dir)).toEqual([]);
  });

  it("experience-append-only: a shrunk experience.jsonl", () => {
    const dir = copy(true);
    edit(dir, "experience.jsonl", (t) => `${t.split("\n").slice(1).join("\n")}`);
    expect(codes(dir)).toEqual(["error myloop/experience-append-only"]);
  });

  it("hypothesis-edit-free: a hypothesis changed in place (deleting it is fine)", () => {
    const dir = copy(true);
    edit(dir, "hypotheses.jsonl", (t) => t.replace('"priority":"high"', '"priority":"low"'));
    expect(codes(dir)).toEqual(["error myloop/hypothesis-edit-free"]);
    writeFileSync(join(dir, "hypotheses.jsonl"), "");
    expect(codes(dir)).toEqual([]);
  });

  it("knowledge-append-only: a bullet removed", () => {
    const dir = copy(true);
    edit(dir, "knowledge.md", (t) => t.replace(/^- The planner sees.*\n/m, ""));
    expect(codes(dir)).toEqual(["error myloop/knowledge-append-only"]);
  });

  it("design-baseline-immutable and design-append-only", () => {
    const dir = copy(true);
    expect(codes(dir)).toEqual([]);
    edit(dir, "experiment_design.yaml", (t) => t.replace("mean_sr: 0.528", "mean_sr: 0.6"));
    expect(codes(dir)).toEqual(["error myloop/design-baseline-immutable"]);
    edit(dir, "experiment_design.yaml", (t) => t.slice(0, t.indexOf("# Added by THINK")));
    expect(codes(dir)).toEqual(["warning myloop/design-append-only"]);
  });
});
