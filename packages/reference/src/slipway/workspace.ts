import { createHash } from "node:crypto";
import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { WorkspaceIdentity } from "@keel/slipway/types";
import { usage } from "./errors.js";

/**
 * The worktree a call acts on, found from `--root` (the cwd when absent) by walking up to the `.git`
 * entry — read from the filesystem, no `git` process, so read-only calls such as `status` stay cheap.
 * A `.git` file (linked worktree) names its git dir; that dir's `commondir` names the common one.
 */
export interface Workspace {
  root: string;
  identity: WorkspaceIdentity;
  /** where every Run of the repository is journalled: `<git common dir>/slipway/runs/` */
  runsDir: string;
}

export function discoverWorkspace(root: string | undefined, cwd: string): Workspace {
  let dir: string;
  try {
    dir = realpathSync(resolve(cwd, root ?? "."));
  } catch {
    throw usage(`--root ${JSON.stringify(root ?? cwd)} does not exist`);
  }
  for (let at = dir; ; at = dirname(at)) {
    const dotGit = join(at, ".git");
    const kind = entryKind(dotGit);
    if (kind !== undefined) {
      const gitDir = kind === "dir" ? dotGit : linkedGitDir(dotGit, at);
      const commonDir = commonGitDir(gitDir);
      const id = digest(["workspace-identity/v1", at, gitDir, commonDir].join("\0"));
      return {
        root: at,
        identity: { version: 1, worktree_root: at, git_dir: gitDir, git_common_dir: commonDir, id },
        runsDir: join(commonDir, "slipway", "runs"),
      };
    }
    if (dirname(at) === at) throw usage(`--root ${JSON.stringify(dir)} is not inside a git worktree`);
  }
}

export const digest = (data: string | Uint8Array): string =>
  `sha256:${createHash("sha256").update(data).digest("hex")}`;

function entryKind(path: string): "dir" | "file" | undefined {
  try {
    const s = statSync(path);
    return s.isDirectory() ? "dir" : s.isFile() ? "file" : undefined;
  } catch {
    return undefined;
  }
}

function linkedGitDir(dotGit: string, worktree: string): string {
  const line = readFileSync(dotGit, "utf8").trim();
  if (!line.startsWith("gitdir: ")) throw usage(`${dotGit} is not a gitdir file`);
  const target = line.slice("gitdir: ".length);
  return realpathSync(isAbsolute(target) ? target : resolve(worktree, target));
}

function commonGitDir(gitDir: string): string {
  try {
    const rel = readFileSync(join(gitDir, "commondir"), "utf8").trim();
    return realpathSync(resolve(gitDir, rel));
  } catch {
    return gitDir;
  }
}
