import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { conform } from "../../conform.js";
import { parseTarget } from "../../process/target.js";
import { answerDocument, commandOf, outcomeText } from "./call.js";
import { hostChecks } from "./checks.js";
import { hostScenarios } from "./scenarios.js";
import { runScenario } from "./session.js";

const root = join(import.meta.dirname, "..", "..", "..", "..", "..");
const fakes = join(root, "conformance", "slipway-host", "fakes");
const reference = join(root, "packages", "reference", "dist", "bin", "slipway.js");
const backing = { argv: [process.execPath, reference], callMs: 30_000 };
const limits = { scenarioMs: 30_000, maxCalls: 60, graceMs: 400 };
const baseline = parseTarget(`node ${join(fakes, "_baseline.mjs")} {goal}`);
const scenario = (name: string) => {
  const s = hostScenarios.find((x) => x.name === name);
  if (!s) throw new Error(`no scenario ${name}`);
  return s;
};

describe("slipway-host scenarios (the baseline host, the reference slipway behind keel's shim)", () => {
  it("plain: every call recorded as made, forwarded, with the named files' bytes; review is on", async () => {
    const log = await runScenario(scenario("plain"), baseline, backing, limits, root);
    const commands = log.calls.map((c) => commandOf(c.argv));
    expect(commands).toEqual(["list", "run", ...Array(4).fill("protocol submit")]);
    const kinds = log.calls.slice(2).map((c) => JSON.parse(outcomeText(c) ?? "{}").action_kind);
    expect(kinds).toEqual(["orient", "implement", "review", "summarize"]);
    expect(answerDocument(log.calls.at(-1)?.answer ?? {})?.state).toBe("ended");
    const run = log.calls[1];
    const goalFile = run?.argv[run.argv.indexOf("--goal-file") + 1] ?? "";
    expect(run?.files[goalFile]?.bytes.toString()).toBe(log.goal);
    expect(run?.files[goalFile]?.mode).toBe(0o600);
    expect(log.calls[3]?.dirty).toEqual(["README.md"]);
    expect([log.exit?.code, log.late, log.leftFiles, log.timedOut]).toEqual([0, [], [], false]);
  });

  it("lost-answers: the committed submit dies by SIGKILL, the retry gets the backing's idempotent answer", async () => {
    const log = await runScenario(scenario("lost-answers"), baseline, backing, limits, root);
    const [lost, retry] = log.calls.slice(2, 4);
    if (!lost || !retry) throw new Error("expected a lost submit and its retry");
    expect(lost.answer).toMatchObject({ signal: "SIGKILL", staged: "lost-answer-signal" });
    expect(outcomeText(retry)).toBe(outcomeText(lost));
    expect(answerDocument(retry?.answer ?? {})?.state).toBe("active");
    const garbled = log.calls.find((c) => c.answer.staged === "lost-answer-garbled");
    expect(garbled?.answer.exit).toBe(0);
    expect(() => JSON.parse(garbled?.answer.stdout ?? "")).toThrow();
    expect(log.exit?.code).toBe(0);
  });

  it("stale-action: keel skips the action on the backing first; the host's submit gets the real stale_action", async () => {
    const log = await runScenario(scenario("stale-action"), baseline, backing, limits, root);
    const last = log.calls.at(-1);
    expect(last?.answer).toMatchObject({ exit: 3, staged: "skipped-under-host" });
    expect(answerDocument(last?.answer ?? {})).toMatchObject({ code: "stale_action", exit_code: 3 });
    expect(log.exit?.code).toBe(1);
  });

  it("dialect-values: run and submit answers carry the probes as written, and the host reads on to the end", async () => {
    const log = await runScenario(scenario("dialect-values"), baseline, backing, limits, root);
    const staged = log.calls.map((c) => c.answer.staged ?? "").filter((s) => s.startsWith("dialect"));
    expect(staged.length).toBe(4); // every answer with an action: run, then the orient, implement, review submits
    expect(staged[0]).toMatch(/integer-2-53 at \/action\/remaining_budget = 9007199254740992/);
    expect(staged[0]).toMatch(/pattern-trailing-(lf|crlf|ls) at \/action\/goal/);
    expect(log.calls.find((c) => /"remaining_budget":\s*3\.0\b/.test(c.answer.stdout ?? ""))).toBeDefined();
    expect(answerDocument(log.calls.at(-1)?.answer ?? {})?.state).toBe("ended");
    expect(log.exit?.code).toBe(0);
  });

  it("a host that never exits is killed at the scenario limit", async () => {
    const hang = parseTarget(`node -e "setInterval(() => {}, 1000)"`);
    const started = Date.now();
    const log = await runScenario(scenario("plain"), hang, backing, { ...limits, scenarioMs: 1500 }, root);
    expect(log.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("the slipway-host suite", () => {
  it("passes the baseline host on every check and scenario", async () => {
    const report = await conform({
      suite: "slipway-host",
      target: `node ${join(fakes, "_baseline.mjs")} {goal}`,
      own: { backing: `node ${reference}`, "scenario-timeout": 30_000 },
      // one scenario at a time: this file runs beside the fakes, whose colony load checks need the cores
      concurrency: 1,
    });
    expect(report.checks.filter((c) => c.status !== "pass").map((c) => [c.name, c.reason])).toEqual([]);
    expect(report.checks).toHaveLength(hostChecks.length);
  });

  it("takes a host's `slipway --help` after a foreign identity, stdin inherited, as the generated skill asks", async () => {
    const report = await conform({
      suite: "slipway-host",
      target: `node ${join(fakes, "_reports-help.mjs")} {goal}`,
      own: { backing: `node ${reference}`, "scenario-timeout": 30_000, scenarios: ["foreign-identity"] },
    });
    const status = (name: string) => report.checks.find((c) => c.name === `slipway-host/${name}`)?.status;
    expect([status("identity-first"), status("no-call-left"), status("bounded")]).toEqual([
      "pass",
      "pass",
      "pass",
    ]);
    expect(report.checks.filter((c) => c.status === "fail")).toEqual([]);
  });

  it("learns the current action from `status --json` (current_action), and only warns about that call", async () => {
    const report = await conform({
      suite: "slipway-host",
      target: `node ${join(fakes, "_status-reader.mjs")} {goal}`,
      own: { backing: `node ${reference}`, "scenario-timeout": 30_000, scenarios: ["plain"] },
    });
    const status = (name: string) => report.checks.find((c) => c.name === `slipway-host/${name}`)?.status;
    expect(report.checks.filter((c) => c.status === "fail").map((c) => [c.name, c.reason])).toEqual([]);
    expect([status("one-outcome-per-action"), status("outcome-matches-action")]).toEqual(["pass", "pass"]);
    expect(status("argv-from-variants")).toBe("warn");
  });

  it("names the dialect probe a host stopped on, and notes a host acting on an answer the schema refuses", async () => {
    const own = (scenarios: string[]) => ({
      backing: `node ${reference}`,
      "scenario-timeout": 30_000,
      scenarios,
    });
    const strict = await conform({
      suite: "slipway-host",
      target: `node ${join(fakes, "_integer-strict.mjs")} {goal}`,
      own: own(["dialect-values"]),
    });
    const end = strict.checks.find((c) => c.name === "slipway-host/drives-to-end");
    expect(end?.status).toBe("warn");
    expect(end?.reason).toMatch(
      /whose answer held \(valid\): integer-decimal-point at \/action\/remaining_budget = 3\.0/,
    );
    expect(strict.checks.filter((c) => c.status === "fail")).toEqual([]);
    const lenient = await conform({
      suite: "slipway-host",
      target: `node ${join(fakes, "_baseline.mjs")} {goal}`,
      own: own(["dialect-invalid"]),
    });
    const active = lenient.checks.find((c) => c.name === "slipway-host/active-only");
    expect(active?.status).toBe("pass");
    expect(active?.warnings?.join("\n")).toMatch(
      /acted on the answer to call 2, which the schema refuses \(pattern-trailing-(crlf|lf|ls) .* at \/next\/workspace_identity/,
    );
  });

  it("refuses to run without a backing slipway", async () => {
    await expect(conform({ suite: "slipway-host", target: "node host.js" })).rejects.toThrow(/--backing/);
  });
});
