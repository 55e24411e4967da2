import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { budget, parseArgs, str } from "../argv.js";
import type { CallContext, CommandResult } from "../context.js";
import { protocolState } from "../documents.js";
import { usage } from "../errors.js";
import { observeGit } from "../git-observe.js";
import { writeRun } from "../journal.js";
import { toWire } from "../json.js";
import { now, type RunRecord } from "../record.js";
import { BRIEF, issue } from "../workflow.js";
import { discoverWorkspace } from "../workspace.js";

const DEFAULT_BUDGET = 8;

/** `run [--root R] [--budget N] [--no-review] [--json] (--goal-file F | --goal-stdin | -- GOAL)` */
export async function run(words: string[], ctx: CallContext): Promise<CommandResult> {
  const p = parseArgs(
    words,
    ["root", "budget", "goal-file", "source-file"],
    ["json", "no-review", "goal-stdin"],
    "run",
  );
  if (str(p, "source-file") !== undefined)
    throw usage(
      "issue-backed Runs (--source-file) are not supported by the reference slipway",
      "invalid_source",
    );
  const goal = await goalOf(p, ctx);
  const ws = discoverWorkspace(str(p, "root"), ctx.cwd);
  const initialBudget = budget(str(p, "budget") ?? String(DEFAULT_BUDGET));
  const git = observeGit(ws);
  const at = now();
  const record: RunRecord = {
    journal_version: 1,
    id: randomUUID(),
    goal,
    workspace: ws.root,
    workspace_identity: ws.identity,
    state: "active",
    review_enabled: !p.flags.has("no-review"),
    initial_budget: initialBudget,
    remaining_budget: initialBudget,
    initial_git: git,
    current_git: git,
    final_git_observed: false,
    actions: [],
    created_at: at,
    updated_at: at,
  };
  issue(record, "orient", BRIEF.orient, git);
  writeRun(ws.runsDir, record);
  if (p.flags.has("json")) return { stdout: toWire(protocolState(record)) };
  return { stdout: `Run ${record.id} started; next action: orient (${record.remaining_budget} left)` };
}

/** Exactly one goal input: one positional (after `--` or not), `--goal-file` or `--goal-stdin`. */
async function goalOf(p: ReturnType<typeof parseArgs>, ctx: CallContext): Promise<string> {
  const words = [...p.positionals, ...(p.rest ?? [])];
  const file = str(p, "goal-file");
  const sources =
    (words.length > 0 ? 1 : 0) + (file !== undefined ? 1 : 0) + (p.flags.has("goal-stdin") ? 1 : 0);
  if (sources !== 1)
    throw usage("run: exactly one goal input is required: one positional goal, --goal-file or --goal-stdin");
  if (words.length > 1) throw usage(`run: expected one goal argument, found ${words.length}; quote the goal`);
  let goal: string;
  if (file !== undefined) {
    try {
      goal = readFileSync(resolve(ctx.cwd, file), "utf8");
    } catch {
      throw usage(`run: cannot read --goal-file ${JSON.stringify(file)}`);
    }
  } else if (p.flags.has("goal-stdin")) goal = new TextDecoder().decode(await ctx.readStdin());
  else goal = words[0] as string;
  goal = goal.replace(/\r?\n$/, "");
  if (goal.trim() === "") throw usage("run: the goal is empty");
  return goal;
}
