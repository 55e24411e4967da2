import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { slipway, tutorial } from "./harness.js";
import { Host, outcome } from "./host.js";

// Behaviour beyond the recorded session (../shared/peers/README.md facts and the reference docs),
// driven as a host would: argv only from `next`, every answer checked against its document type.
let t: ReturnType<typeof tutorial>;
let host: Host;
beforeEach(() => {
  t = tutorial();
  host = new Host(t.ws, t.session);
});
afterEach(() => t.remove());

const start = (...flags: string[]) => {
  const call = host.call([
    "run",
    "--budget",
    "6",
    "--json",
    "--root",
    t.ws,
    ...flags,
    "--",
    "add one tutorial line to README.md",
  ]);
  expect(call.rc).toBe(0);
  return host.doc(call);
};
const implementFirst = { suggested_actions: [{ kind: "implement", brief: "Append the line." }] };

describe("workflow", () => {
  it("with review: orient → implement → review → summarize → ended, following next only", () => {
    let state = start();
    expect(state.action.kind).toBe("orient");
    state = host.doc(host.submit(state, implementFirst));
    expect(state.action.kind).toBe("implement");
    appendFileSync(join(t.ws, "README.md"), "Protocol v2 lifecycle completed.\n");
    state = host.doc(host.submit(state));
    expect(state.action.kind).toBe("review");
    state = host.doc(host.submit(state));
    expect(state.action.kind).toBe("summarize");
    state = host.doc(host.submit(state));
    expect(state).toMatchObject({ state: "ended", next: { operation: "none", variants: [] } });
    expect(state.action).toBeUndefined();
    expect(state.summary).toContain("Review results:\n- no_findings_reported (0 findings)\n");
  });

  it("an implement that reports changes git does not see gets no review", () => {
    let state = start();
    state = host.doc(host.submit(state, implementFirst));
    state = host.doc(host.submit(state)); // reports README.md, workspace unchanged
    expect(state.action.kind).toBe("summarize");
  });

  it("the run's journal stays out of the worktree: git status is clean", () => {
    start();
    const status = spawnSync("git", ["-C", t.ws, "status", "--porcelain", "--ignored"], { encoding: "utf8" });
    expect(status.stdout).toBe("");
  });
});

describe("budgets", () => {
  it("pause the run with budget_exhausted; resume replenishes to max(initial, 3), --budget replaces", () => {
    let state = host.doc(host.call(["run", "--budget", "1", "--json", "--root", t.ws, "--", "goal"]));
    expect(state.action.remaining_budget).toBe(0);
    state = host.doc(host.submit(state, implementFirst));
    expect(state).toMatchObject({
      state: "paused",
      pause_reason: "budget_exhausted",
      next: { operation: "resume" },
    });
    expect(state.action).toBeUndefined();
    const resumed = host.doc(host.call(host.argvOf(state, "resume-ad-hoc")));
    expect(resumed).toMatchObject({
      state: "active",
      resume_operation: "ad_hoc_resumed",
      budget_applied: true,
    });
    expect(resumed.action).toMatchObject({ kind: "orient", remaining_budget: 2 });
    const stopped = host.doc(host.call(["stop", resumed.run_id, "--root", t.ws, "--json"]));
    const again = host.doc(host.call(host.argvOf(stopped, "resume-ad-hoc", { budget: "7" })));
    expect(again.action.remaining_budget).toBe(6);
  });

  it("an identical resubmission while paused answers the paused state, exit 0", () => {
    const first = host.doc(host.call(["run", "--budget", "1", "--json", "--root", t.ws, "--", "goal"]));
    const paused = host.submit(first, implementFirst);
    const again = host.submit(first, implementFirst);
    expect(again.rc).toBe(0);
    expect(again.stdout).toBe(paused.stdout);
  });
});

describe("errors", () => {
  it("a submit after stop is run_not_active (exit 3) with the resume next", () => {
    const state = start();
    host.call(["stop", state.run_id, "--root", t.ws, "--json"]);
    const call = host.submit(state);
    expect(call.rc).toBe(3);
    expect(host.doc(call)).toMatchObject({
      code: "run_not_active",
      exit_code: 3,
      next: { operation: "resume" },
    });
  });

  it("a submit for an action skipped meanwhile is stale_action", () => {
    const state = start();
    const skipped = host.doc(host.call(host.argvOf(state, "skip-action")));
    expect(skipped.action.kind).toBe("summarize");
    const call = host.submit(state);
    expect(host.doc(call)).toMatchObject({
      code: "stale_action",
      exit_code: 3,
      details: { state: "active" },
    });
  });

  it("an outcome without contract_version is contract_version_mismatch, exit 3", () => {
    const state = start();
    const call = host.submit(state, { contract_version: undefined });
    expect(call.rc).toBe(3);
    expect(host.doc(call)).toMatchObject({
      code: "contract_version_mismatch",
      next: { operation: "action" },
    });
    expect(host.doc(host.submit(state, { contract_version: 3 }, "v3")).code).toBe(
      "contract_version_mismatch",
    );
  });

  it("an illegal status/branch combination is invalid_outcome, exit 2", () => {
    const state = start();
    const call = host.submit(state, { status: "needs_input" });
    expect(call.rc).toBe(2);
    expect(host.doc(call).code).toBe("invalid_outcome");
  });

  it("resuming an ended run is run_not_resumable with next none", () => {
    let state = start();
    state = host.doc(host.call(host.argvOf(state, "skip-action")));
    state = host.doc(host.call(host.argvOf(state, "skip-action")));
    expect(state.state).toBe("ended");
    const call = host.call(["protocol", "resume", state.run_id, "--root", t.ws]);
    expect(host.doc(call)).toMatchObject({
      code: "run_not_resumable",
      exit_code: 3,
      next: { operation: "none" },
    });
  });

  it("usage errors exit 2; an unknown run is run_not_found, exit 3", () => {
    expect(host.call(["run", "--budget", "0", "--json", "--root", t.ws, "--", "g"]).rc).toBe(2);
    expect(host.doc(host.call(["run", "--budget", "0", "--json", "--root", t.ws, "--", "g"])).code).toBe(
      "invalid_budget",
    );
    expect(host.call(["run", "--json", "--frobnicate", "--root", t.ws, "--", "g"]).rc).toBe(2);
    expect(host.call(["run", "--json", "--root", t.ws]).rc).toBe(2);
    const missing = host.call(["status", "00000000-0000-4000-8000-000000000000", "--root", t.ws, "--json"]);
    expect(missing.rc).toBe(3);
    expect(host.doc(missing).code).toBe("run_not_found");
  });
});

describe("inputs", () => {
  it("--outcome-stdin submits; an undecodable stdin outcome is retried through the stdin variant", () => {
    const state = start();
    expect(host.call(host.argvOf(state, "submit-outcome-stdin"), "{}").rc).toBe(3); // no contract_version
    const unknown = host.call(
      host.argvOf(state, "submit-outcome-stdin"),
      JSON.stringify({ contract_version: 2, x: 1 }),
    );
    expect(host.doc(unknown)).toMatchObject({ code: "invalid_outcome", exit_code: 2 });
    expect(host.doc(unknown).next.variants.map((v: { id: string }) => v.id)).toEqual([
      "submit-outcome-stdin",
    ]);
    const ok = host.call(
      host.argvOf(state, "submit-outcome-stdin"),
      JSON.stringify(outcome(state.action, implementFirst)),
    );
    expect(host.doc(ok).action.kind).toBe("implement");
  });

  it("a missing --root uses the current directory (the worktree found upward from a subfolder)", () => {
    mkdirSync(join(t.ws, "sub"));
    const call = slipway(["run", "--json", "--", "goal"], { cwd: join(t.ws, "sub") });
    expect(call.rc).toBe(0);
    expect(JSON.parse(call.stdout).next.variants[0].base_argv.at(-1)).toBe(t.ws);
    const outside = slipway(["run", "--json", "--", "goal"], { cwd: t.session });
    expect(JSON.parse(outside.stderr)).toMatchObject({ code: "usage_error", exit_code: 2 });
  });
});

describe("journal", () => {
  it("a torn write (temp file left by a crash) is ignored; a corrupt journal is reported, never fatal", () => {
    const state = start();
    const runs = join(t.ws, ".git", "slipway", "runs");
    writeFileSync(join(runs, `.${state.run_id}.999.tmp`), '{"journal_version":1,"id":"trunc');
    const status = host.call(["status", state.run_id, "--root", t.ws, "--json"]);
    expect(host.doc(status)).toMatchObject({ state: "active" });
    const broken = "11111111-1111-4111-8111-111111111111";
    writeFileSync(join(runs, `${broken}.json`), "{not json");
    const all = JSON.parse(host.call(["status", "--root", t.ws, "--json"]).stdout);
    expect(all.runs).toHaveLength(1);
    expect(all.unavailable_runs).toMatchObject([{ id: broken, code: "run_journal_invalid" }]);
    const targeted = host.call(["status", broken, "--root", t.ws, "--json"]);
    expect(targeted.rc).toBe(3);
    expect(host.doc(targeted).code).toBe("run_journal_invalid");
  });
});
