import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ListReport } from "@keel/slipway/types";
import { parseArgs, str } from "../argv.js";
import type { CallContext, CommandResult } from "../context.js";
import { usage } from "../errors.js";
import { toWire } from "../json.js";
import { discoverWorkspace } from "../workspace.js";

/**
 * `list [--root ROOT] [--json]`: the ten host adapters the real CLI knows, in its order. The reference
 * installs no adapters, so none is installed or needs a refresh and none offers capabilities; a host
 * counts as detected when its configuration folder exists in the worktree.
 */
const HOSTS: readonly [string, string][] = [
  ["claude", ".claude"],
  ["codex", ".codex"],
  ["copilot", ".github/copilot-instructions.md"],
  ["cursor", ".cursor"],
  ["kilo", ".kilocode"],
  ["kiro", ".kiro"],
  ["opencode", ".opencode"],
  ["pi", ".pi"],
  ["qwen", ".qwen"],
  ["windsurf", ".windsurf"],
];

export async function list(words: string[], ctx: CallContext): Promise<CommandResult> {
  const p = parseArgs(words, ["root"], ["json"], "list");
  if (p.positionals.length > 0 || p.rest) throw usage("list: takes no positional arguments");
  const ws = discoverWorkspace(str(p, "root"), ctx.cwd);
  const doc: ListReport = {
    contract_version: 2,
    hosts: HOSTS.map(([id, marker]) => ({
      id,
      detected: existsSync(join(ws.root, marker)),
      installed: false,
      needs_refresh: false,
      capabilities: [],
    })),
  };
  if (p.flags.has("json")) return { stdout: toWire(doc) };
  return {
    stdout: doc.hosts
      .map((h) => `${h.id.padEnd(10)} ${h.detected ? "detected" : "not detected"}, not installed`)
      .join("\n"),
  };
}
