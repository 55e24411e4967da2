import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A fresh scratch folder per scenario, as the seed's tutorial sets one up: `workspace/` a git
 * repository with one commit (README.md), `session/` beside it for the files keel hands the slipway
 * (outcomes, goal files) so they never dirty the repository. Nothing outside it is touched.
 */
export interface Workspace {
  dir: string;
  ws: string;
  session: string;
  remove(): void;
}

export const README = "# Protocol tutorial\n";

export function freshWorkspace(): Workspace {
  // realpath: a slipway reports the canonical worktree root, so keel compares against that
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "keel-slipway-")));
  const ws = join(dir, "workspace");
  const session = join(dir, "session");
  mkdirSync(ws);
  mkdirSync(session);
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", ws, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  try {
    git("init", "-q");
    git("config", "user.name", "Protocol Tutorial");
    git("config", "user.email", "tutorial@example.invalid");
    git("config", "commit.gpgsign", "false");
    writeFileSync(join(ws, "README.md"), README);
    git("add", "README.md");
    git("commit", "-qm", "initial");
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not set up a git workspace for the slipway suite: ${(e as Error).message}`);
  }
  return { dir, ws, session, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
