import type { RunStatus, StatusList } from "@keel/slipway/types";
import { parseArgs, str } from "../argv.js";
import { type CallContext, type CommandResult, forRun } from "../context.js";
import { runStatus } from "../documents.js";
import { SlipwayError, STATE, usage } from "../errors.js";
import { listRunIds, readRun } from "../journal.js";
import { toWire } from "../json.js";
import type { RunRecord } from "../record.js";
import { discoverWorkspace } from "../workspace.js";

/**
 * `status [RUN] [--section KEY] [--root ROOT] [--json] [--all]`: read-only — no lock, no git process,
 * nothing written. With an id the Run's projection (`run_status`), without one every Run of the
 * repository oldest first plus the unreadable ones (`status_list`; `--all` is the same list). The
 * reference pins no source, so `--section` is always `material_unavailable`.
 */
export async function status(words: string[], ctx: CallContext): Promise<CommandResult> {
  const p = parseArgs(words, ["root", "section"], ["json", "all"], "status");
  if (p.positionals.length > 1 || p.rest) throw usage("status: expected at most one run id");
  const ws = discoverWorkspace(str(p, "root"), ctx.cwd);
  const id = p.positionals[0];
  const json = p.flags.has("json");
  if (id !== undefined) {
    const run = readRun(ws.runsDir, id);
    return forRun(run, () => {
      if (str(p, "section") !== undefined)
        throw new SlipwayError("material_unavailable", "an ad-hoc run pins no source material", STATE);
      const doc = runStatus(run, ws.root);
      return { stdout: json ? toWire(doc) : human([doc]) };
    });
  }
  if (str(p, "section") !== undefined) throw usage("status: --section needs a run id");
  const runs: RunRecord[] = [];
  const unavailable: StatusList["unavailable_runs"] = [];
  for (const runId of listRunIds(ws.runsDir)) {
    try {
      runs.push(readRun(ws.runsDir, runId));
    } catch (e) {
      unavailable.push({ id: runId, code: "run_journal_invalid", detail: (e as Error).message });
    }
  }
  runs.sort((a, b) => a.created_at.localeCompare(b.created_at));
  const doc: StatusList = {
    contract_version: 2,
    runs: runs.map((r) => runStatus(r, ws.root)),
    unavailable_runs: unavailable,
  };
  return { stdout: json ? toWire(doc) : human(doc.runs) };
}

function human(runs: RunStatus[]): string {
  if (runs.length === 0) return "No runs.";
  return runs
    .map((r) => `${r.id}  ${r.state}${r.current_action ? ` (${r.current_action.kind})` : ""}  ${r.goal}`)
    .join("\n");
}
