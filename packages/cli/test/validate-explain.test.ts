import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { findingsOf, scratch, validate } from "./validate-harness.js";

const example = (path: string) => JSON.parse(readFileSync(join(repoRoot, "schemas", path), "utf8"));
type Shown = { line: number; code: string; message: string; pointer: string; hint?: string };
const shown = (stdout: string) => findingsOf(stdout) as unknown as Shown[];

describe("keel validate explains the branch a document is closest to (issue 29 item 1)", () => {
  it("a Slipway run_status with workspace_foreign false: the full run's errors and every sibling error, the stub in one line", async () => {
    const doc = example("slipway/examples/run_status/foreign-worktree-stub.json");
    doc.state = "running";
    doc.workspace_identity.id = doc.workspace_identity.id.toUpperCase().replace("SHA256", "sha256");
    doc.created_at = "2026-08-01 10:15:00";
    doc.workspace_foreign = false;
    doc.next.variants = [];
    const r = await validate("slipway", [scratch("run-status.json", JSON.stringify(doc, null, 2))], {
      type: "run_status",
      format: "json",
    });
    expect(r.code).toBe(1);
    const found = shown(r.stdout);
    const members = ["review_enabled", "review_pending", "initial_budget", "remaining_budget", "initial_git"];
    const more = ["current_git", "final_git_observed", "actions", "updated_at"];
    expect(found.map((f) => `${f.code} ${f.pointer}`)).toEqual([
      ...[...members, ...more].map((m) => `schema/required /${m}`),
      "schema/pattern /workspace_identity/id",
      "schema/enum /state",
      "schema/format /created_at",
      "schema/min-items /next/variants",
    ]);
    expect(found[0]?.hint).toBe(
      "or, if the document is meant as the form with workspace_foreign: true (the other branch of its oneOf): 1 error instead: /workspace_foreign must be true",
    );
    expect(found.some((f) => f.message.includes("to be true"))).toBe(false);
  });
});

describe("keel validate messages say what is wrong in words (issue 29 item 3)", () => {
  it("a relative path, a UUID once, a near-miss property name", async () => {
    const trail = example("myrmo/examples/trail/rich.json");
    trail.solution.code_patches[0].file_path = "/etc/app/package.json";
    trail.effort.failedAttempts = trail.effort.failed_attempts;
    delete trail.effort.failed_attempts;
    const outcome = example("myrmo/examples/outcome_report/minimal.json");
    outcome.solution_id = "trail-42";
    const r = await validate(
      "myrmo",
      [scratch("trail.json", JSON.stringify(trail)), scratch("outcome.json", JSON.stringify(outcome))],
      { format: "json" },
    );
    const found = shown(r.stdout);
    expect(found.find((f) => f.pointer.endsWith("/file_path"))?.message).toBe(
      'expected /solution/code_patches/0/file_path to be a relative path (not starting with /, ~ or a drive letter), found "/etc/app/package.json"',
    );
    expect(found.find((f) => f.pointer === "/effort/failedAttempts")?.hint).toBe(
      'did you mean "failed_attempts"?',
    );
    expect(found.filter((f) => f.pointer === "/solution_id").map((f) => f.message)).toEqual([
      'expected /solution_id to be a UUID in lowercase hex, found "trail-42"',
    ]);
  });

  it("a Mira response with both result and error; a run result without eval names /result", async () => {
    // the run request and its response from the example session, the result without its eval
    const session = readFileSync(join(repoRoot, "schemas/mira/examples/message/session.jsonl"), "utf8").split(
      "\n",
    );
    const request = session.find((l) => l.includes('"method":"run"')) as string;
    const id = JSON.parse(request).id;
    const response = JSON.parse(session.find((l) => l.startsWith(`{"id":${id},"result"`)) as string);
    delete response.result.eval;
    const lines = [
      request,
      JSON.stringify(response),
      '{"id":999,"method":"cancel","params":{"id":1}}',
      '{"id":999,"result":{"cancelled":false},"error":{"code":-32000,"message":"boom"}}',
    ];
    const r = await validate("mira", [scratch("session.jsonl", `${lines.join("\n")}\n`)], { format: "json" });
    const found = shown(r.stdout);
    expect(found.find((f) => f.line === 4)?.message).toBe(
      'expected the document to have exactly one of "result", "error", found both',
    );
    expect(found.find((f) => f.pointer === "/result/eval")?.message).toMatch(
      /^expected required property "eval" in \/result, found it missing/,
    );
  });
});

describe("keel validate runs the protocol rules that can run beside schema errors (issue 29 item 2)", () => {
  it("an ATIF trajectory with a schema error still gets its llm_call_count 0 step's metrics reported", async () => {
    const trajectory = example("atif/examples/trajectory/rich.json");
    const zero = trajectory.steps.findIndex((s: { llm_call_count?: number }) => s.llm_call_count === 0);
    trajectory.steps[zero].metrics = { prompt_tokens: 10, completion_tokens: 2 };
    trajectory.agent.version = 3;
    const r = await validate("atif", [scratch("atif.json", JSON.stringify(trajectory, null, 2))], {
      format: "json",
    });
    expect(r.code).toBe(1);
    expect(shown(r.stdout).map((f) => `${f.code} ${f.pointer}`)).toEqual([
      "schema/type /agent/version",
      `atif/zero-llm-calls-forbids /steps/${zero}/metrics`,
    ]);
  });
});
