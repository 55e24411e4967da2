import { execFileSync } from "node:child_process";

const git = (dir: string, args: string[]): string | undefined => {
  try {
    return execFileSync("git", ["-C", dir, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
};

/** True when `dir` is inside a git work tree (history rules can run). */
export const insideGitRepo = (dir: string): boolean =>
  git(dir, ["rev-parse", "--is-inside-work-tree"])?.trim() === "true";

/** True when git has any commit touching `dir` (an untracked or ignored run has no history to compare). */
export const hasCommittedFiles = (dir: string): boolean =>
  (git(dir, ["log", "-1", "--format=%H", "--", "."])?.trim() ?? "") !== "";

/** Every committed version of `rel` (relative to `dir`), oldest first; revisions that deleted it are skipped. */
export function committedVersions(dir: string, rel: string): { commit: string; text: string }[] {
  const log = git(dir, ["log", "--format=%H", "--", rel]);
  if (!log) return [];
  const versions: { commit: string; text: string }[] = [];
  for (const commit of log.trim().split("\n").filter(Boolean).reverse()) {
    const text = git(dir, ["show", `${commit}:./${rel}`]);
    if (text !== undefined) versions.push({ commit: commit.slice(0, 7), text });
  }
  return versions;
}
