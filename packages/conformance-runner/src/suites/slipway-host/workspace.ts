import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The seed's tutorial goal: every scenario hands the host this one. */
export const TUTORIAL_GOAL = "add one tutorial line to README.md";

export interface Workspace {
  /** the repository's absolute root, as the host is started in it */
  root: string;
  remove(): void;
}

/**
 * A fresh tutorial workspace for one scenario: a git repository with one commit (README.md) in a temp
 * folder of its own, optionally with a space in its path. The folder around it is removed at the end,
 * goal and outcome files a host left beside it included.
 */
export function tutorialWorkspace(name: string): Workspace {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "keel-slipway-host-")));
  const root = join(dir, name);
  mkdirSync(root);
  const git = (...args: string[]) => {
    const r = spawnSync("git", ["-C", root, ...args], { encoding: "utf8" });
    if (r.status !== 0)
      throw new Error(`bug: git ${args.join(" ")} failed in a fresh workspace: ${r.stderr}`);
  };
  git("init", "-q");
  git("config", "user.name", "keel conform");
  git("config", "user.email", "conform@example.invalid");
  writeFileSync(join(root, "README.md"), "# Protocol tutorial\n");
  git("add", "README.md");
  git("commit", "-qm", "initial");
  return { root, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Paths git sees changed (tracked or untracked) in the workspace right now. */
export function changedPaths(root: string): string[] {
  const r = spawnSync("git", ["-C", root, "status", "--porcelain=v1", "-z", "--untracked-files=all"], {
    encoding: "utf8",
  });
  if (r.status !== 0) return [];
  return r.stdout
    .split("\0")
    .filter((e) => e.length > 3)
    .map((e) => e.slice(3));
}
