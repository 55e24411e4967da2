import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMiraSuite } from "./suite.js";

const fakes = join(import.meta.dirname, "..", "..", "..", "..", "..", "conformance", "mira", "fakes");
const options = {
  maxCases: 6,
  concurrency: 4,
  timeouts: { idleMs: 1500, capMs: 5000 },
  exitMs: 1500,
  own: {},
};
const suite = (fake: string) => runMiraSuite({ kind: "argv", argv: ["node", join(fakes, fake)] }, options);

describe("runMiraSuite", () => {
  it("passes a well-behaved study, skipping only what it does not advertise", async () => {
    const run = await suite("_baseline.mjs");
    const notPassed = run.checks.filter((c) => c.status !== "pass").map((c) => [c.name, c.status, c.reason]);
    expect(notPassed).toEqual([
      ["mira/execute-unknown-target", "skip", "capability execute not advertised"],
      ["mira/score-malformed-transcript", "skip", "capability score not advertised"],
      ["mira/execute-valid", "skip", "capability execute not advertised"],
      ["mira/trajectory-valid", "skip", "capability trajectory not advertised"],
      ["mira/score-valid", "skip", "capability score not advertised"],
      ["mira/execute-consistent", "skip", "capabilities execute and score not both advertised"],
    ]);
    expect(run.capabilities).toEqual(["events", "paginate", "cancel", "trials"]);
  });

  it("takes an absent trial 0 / trials 1 as the echo of the default, as the seed's serde writes it", async () => {
    const run = await suite("_omits-default-trial.mjs");
    expect(run.checks.filter((c) => c.status === "fail").map((c) => [c.name, c.reason])).toEqual([]);
    expect(run.checks.find((c) => c.name === "mira/run-echo")?.status).toBe("pass");
  });

  it("tolerates an unknown field and a newer ATIF label in a trajectory as warnings", async () => {
    const run = await suite("_trajectory-lenient.mjs");
    const check = run.checks.find((c) => c.name === "mira/trajectory-valid");
    expect(check?.status).toBe("pass");
    expect(check?.warnings).toEqual([
      expect.stringMatching(/^execute trajectory at \/agent\/keel_extra: .*\(tolerated: Mira is lenient\)$/),
      expect.stringMatching(/^execute trajectory at \/schema_version: .*\(tolerated: Mira is lenient\)$/),
    ]);
    expect(run.checks.filter((c) => c.status === "fail")).toEqual([]);
  });

  it("fails a trajectory that breaks an ATIF semantic rule, naming the rule", async () => {
    const run = await suite("trajectory-broken.mjs");
    const check = run.checks.find((c) => c.name === "mira/trajectory-valid");
    expect([check?.status, check?.reason]).toEqual([
      "fail",
      "execute: trajectory at /steps/1/step_id: expected step_id 2 (steps are numbered 1, 2, 3 … in order), found 3 (atif/step-id-sequence)",
    ]);
  });

  it("sends the dialect probes as written: a run refused for trials 2^53 fails, 2^64 only warns", async () => {
    const run = await suite("safe-integers.mjs");
    const check = run.checks.find((c) => c.name === "mira/run-valid");
    expect(check?.status).toBe("fail");
    expect(check?.reason).toMatch(
      /^run of e\/s0 as .*dialect-integer-(2-53|past-2-53)-params-trials?(-2)?\.json writes it \[integer-(2-53|past-2-53)\]: refused/,
    );
    expect(check?.warnings?.join("\n")).toMatch(
      /\[integer-past-int64\]: refused .*seed's own decoder refuses too/,
    );
    expect(run.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual(["mira/run-valid"]);
  });

  it("says a finished event came after the response, where and when, instead of none", async () => {
    const run = await suite("_finished-late.mjs");
    const check = run.checks.find((c) => c.name === "mira/events-ordered");
    expect(check?.status).toBe("warn");
    expect(check?.reason).toMatch(
      /the finished event arrived after the response \(response at stdout line \d+, finished at line \d+, \d+ ms later\)/,
    );
    expect(run.checks.filter((c) => c.status === "fail")).toEqual([]);
  });

  it("names the check a garbage line breaks and shows the line", async () => {
    const run = await suite("garbage.mjs");
    const failed = run.checks.filter((c) => c.status === "fail");
    expect(failed.map((c) => [c.name, c.reason, c.actual])).toEqual([
      ["mira/stdout-json", "stdout line 1 is not JSON", "fake study v0 ready"],
    ]);
  });

  it("reports a target that cannot start instead of judging it", async () => {
    const run = await runMiraSuite({ kind: "argv", argv: ["keel-no-such-command-here"] }, options);
    expect(run.couldNotStart).toMatch(
      /could not be started \(spawn failed: spawn keel-no-such-command-here ENOENT\)/,
    );
  });
});
