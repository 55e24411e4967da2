import { describe, expect, it } from "vitest";
import { Verdicts } from "../../verdicts.js";
import type { Answered, HostCall } from "./call.js";
import { hostChecks } from "./checks.js";
import { resolves } from "./judge-argv.js";
import { judgeCodes, judgeRetries, judgeState } from "./judge-flow.js";
import { judgeGoalFile, judgeIdentity } from "./judge-start.js";
import { hostScenarios } from "./scenarios.js";
import type { ScenarioLog } from "./session.js";

const root = "/tmp/ws x";
const submitVariant = {
  id: "submit-outcome-file",
  base_argv: ["slipway", "protocol", "submit", "--run", "r1", "--action", "a1", "--root", root],
  inputs: [{ name: "outcome_file", flag: "--outcome-file", required: true }],
};
const active = (action = "a1", kind = "orient"): Answered => ({
  stdout: JSON.stringify({
    contract_version: 2,
    run_id: "r1",
    state: "active",
    action: { action_id: action, kind },
    next: {
      operation: "action",
      variants: [
        { ...submitVariant, base_argv: submitVariant.base_argv.map((w) => (w === "a1" ? action : w)) },
      ],
    },
  }),
  exit: 0,
});
const stateAnswer = (state: string, operation: string): Answered => ({
  stdout: JSON.stringify({ contract_version: 2, run_id: "r1", state, next: { operation, variants: [] } }),
  exit: 0,
});
const error = (code: string, exit: 2 | 3, state = "active"): Answered => ({
  stderr: JSON.stringify({
    contract_version: 2,
    code,
    message: "m",
    next: { operation: "action", variants: [] },
    exit_code: exit,
    details: { state },
  }),
  exit,
});

let n = 0;
function call(argv: string[], answer: Answered, outcome?: string): HostCall {
  const files: HostCall["files"] = {};
  if (outcome !== undefined)
    files["/o.json"] = { path: "/o.json", bytes: Buffer.from(outcome), mode: 0o600, symlink: false };
  return { n: ++n, argv, cwd: root, env: {}, stdin: "", files, answer, at: 0 };
}
const submit = (answer: Answered, outcome = "{}", action = "a1") =>
  call(
    ["protocol", "submit", "--run", "r1", "--action", action, "--root", root, "--outcome-file", "/o.json"],
    answer,
    outcome,
  );

function log(calls: HostCall[], extra: Partial<ScenarioLog> = {}): ScenarioLog {
  for (const [i, c] of calls.entries()) c.n = i + 1;
  const scenario = hostScenarios.find((s) => s.name === "plain");
  if (!scenario) throw new Error("no plain scenario");
  return {
    scenario,
    root,
    goal: "the goal",
    calls,
    late: [],
    leftRunning: 0,
    exit: { code: 0, signal: null },
    timedOut: false,
    capped: false,
    leftFiles: [],
    cutShort: [],
    stdout: "",
    stderr: "",
    ...extra,
  };
}
const start = () => [
  call(["list", "--json", "--root", root], { stdout: "{}", exit: 0 }),
  call(["run", "--budget", "4", "--json", "--root", root, "--goal-file", "/g"], active()),
];

describe("resolves", () => {
  it("takes base_argv plus declared inputs as separate elements, in order, before `--`", () => {
    const argv = submitVariant.base_argv.slice(1);
    expect(resolves([...argv, "--outcome-file", "/o"], submitVariant)).toBe(true);
    expect(resolves([...argv, "--outcome-file=/o"], submitVariant)).toBe(false);
    expect(resolves(argv, submitVariant)).toBe(false); // a required input missing
    expect(resolves([...argv, "--outcome-file", "/o", "--json"], submitVariant)).toBe(false);
    expect(resolves([...argv.join(" ").split(" "), "--outcome-file", "/o"], submitVariant)).toBe(false);
    const dashed = {
      id: "x",
      base_argv: ["slipway", "run", "--", "g"],
      inputs: [{ name: "b", flag: "--budget", required: false }],
    };
    expect(resolves(["run", "--budget", "3", "--", "g"], dashed)).toBe(true);
    expect(resolves(["run", "--", "g", "--budget", "3"], dashed)).toBe(false);
  });
});

describe("host judges", () => {
  it("identity-first wants list --json --root ROOT first", () => {
    expect(judgeIdentity(log(start()))).toBeUndefined();
    expect(judgeIdentity(log(start().slice(1)))).toMatch(/expected \["slipway","list"/);
    expect(judgeIdentity(log([]))).toMatch(/found no slipway call/);
  });

  it("goal-file wants a private file and no goal on argv", () => {
    const [list, run] = start() as [HostCall, HostCall];
    run.files["/g"] = { path: "/g", bytes: Buffer.from("the goal\n"), mode: 0o600, symlink: false };
    expect(judgeGoalFile(log([list, run]))).toBeUndefined();
    run.files["/g"] = { path: "/g", bytes: Buffer.from("the goal"), mode: 0o644, symlink: false };
    expect(judgeGoalFile(log([list, run]))).toMatch(/private goal file .* found mode 644/);
    expect(judgeGoalFile(log([list, run], { leftFiles: ["/g"] }))).toMatch(/mode 644|still on disk/);
    const onArgv = call(["run", "--json", "--", "the goal"], active());
    expect(judgeGoalFile(log([list, onArgv]))).toMatch(/goal never on argv/);
  });

  it("retry-identical wants the same bytes after a lost answer, and no replay after a committed mutation", () => {
    const lost: Answered = { stdout: "", signal: "SIGKILL" };
    expect(
      judgeRetries(log([...start(), submit(lost, "A"), submit(stateAnswer("ended", "none"), "A")])),
    ).toBeUndefined();
    expect(
      judgeRetries(log([...start(), submit(lost, "A"), submit(stateAnswer("ended", "none"), "A ")])),
    ).toMatch(/byte-identical/);
    // no resubmit at all rests on keel's reading alone: a warning, never a failure
    const v = new Verdicts(hostChecks);
    expect(judgeRetries(log([...start(), submit(lost, "A")]), v)).toBeUndefined();
    const retry = v.list().find((c) => c.name === "slipway-host/retry-identical");
    expect([retry?.status, retry?.reason]).toEqual(["warn", expect.stringMatching(/found none/)]);
    const committed = error("mutation_committed_output_failed", 3);
    expect(judgeRetries(log([...start(), submit(committed, "A"), submit(active(), "A")]))).toMatch(
      /no replay/,
    );
    expect(judgeRetries(log(start()))).toBeNull();
  });

  it("branch-on-code wants exit 2 not replayed and stale_action closed", () => {
    expect(
      judgeCodes(log([...start(), submit(error("usage_error", 2), "A"), submit(active(), "A")])),
    ).toMatch(/never replayed/);
    expect(
      judgeCodes(log([...start(), submit(error("stale_action", 3), "A"), submit(active(), "B", "a2")])),
    ).toMatch(/fail closed/);
    expect(judgeCodes(log([...start(), submit(error("stale_action", 3), "A")]))).toBeUndefined();
  });

  it("judges state: submits only while active, no resume, exit 0 only when ended", () => {
    const verdicts = (l: ScenarioLog) => {
      const v = new Verdicts(hostChecks);
      judgeState(l, v);
      return Object.fromEntries(v.list().map((c) => [c.name.slice(13), c.status]));
    };
    const ended = [...start(), submit(stateAnswer("ended", "none"))];
    expect(verdicts(log(ended))).toMatchObject({
      "active-only": "pass",
      "exit-status": "pass",
      "drives-to-end": "pass",
    });
    expect(verdicts(log([...ended, submit(stateAnswer("ended", "none"))]))["active-only"]).toBe("fail");
    const paused = [...start(), submit(stateAnswer("paused", "resume"))];
    // keel's readings (schemas/slipway/README.md, host obligations 11 and 12): warnings
    expect(verdicts(log(paused))).toMatchObject({ "exit-status": "warn", "drives-to-end": "warn" });
    const resumed = [...paused, call(["protocol", "resume", "r1", "--root", root], active("a2"))];
    expect(verdicts(log(resumed, { exit: { code: 1, signal: null } }))["no-self-resume"]).toBe("fail");
    expect(verdicts(log(ended, { timedOut: true })).bounded).toBe("warn");
    expect(verdicts(log(ended, { late: [submit(active())] }))["no-call-left"]).toBe("warn");
    expect(verdicts(log(ended, { leftRunning: 1 }))["no-call-left"]).toBe("warn");
  });
});
