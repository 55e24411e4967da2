import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateNotification, validateResponse } from "@keel/mira";
import { describe, expect, it } from "vitest";
import { conform } from "../src/conform.js";
import { reporters } from "../src/report/index.js";

/**
 * What real studies written by others do (`../shared/peers/mira/recordings/`), as fakes that behave
 * exactly so: each yields its one true finding and nothing else; correct studies that differ from
 * keel's reference (slow, fewer events) pass.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const fakes = join(root, "conformance", "mira", "fakes");
const fast = { timeouts: { idleMs: 1500, capMs: 10_000 }, exitMs: 1500, maxCases: 6 };
const failed = (r: { checks: { name: string; status: string }[] }) =>
  r.checks.filter((c) => c.status === "fail").map((c) => c.name);
const run = (file: string, extra: object = {}) =>
  conform({ suite: "mira", target: `node ${join(fakes, file)}`, ...fast, ...extra });

describe("real study behaviour", () => {
  it.each([
    ["unknown-target-result.mjs", "mira/unknown-target"],
    ["idless-error-answer.mjs", "mira/message-valid"],
    ["finished-missing.mjs", "mira/events-ordered"],
    ["execute-unknown-target.mjs", "mira/execute-unknown-target"],
  ])("%s yields exactly %s", async (file, check) => {
    expect(failed(await run(file))).toEqual([check]);
  });

  // what the protocol does not forbid outright (a SHOULD or keel's reading): one warning, no failure
  it.each([
    ["crash-non-object.mjs", "mira/survives-non-object-line"],
    ["score-malformed.mjs", "mira/score-malformed-transcript"],
  ])("%s yields exactly a warning on %s", async (file, check) => {
    const r = await run(file);
    expect(failed(r)).toEqual([]);
    expect(r.checks.filter((c) => c.status === "warn").map((c) => c.name)).toEqual([check]);
  });

  it("the id-null answer to the notification probe is one warning, null said as null", async () => {
    const r = await run("notification-answered.mjs");
    const probe = r.checks.find((c) => c.name === "mira/ignores-unknown-notifications");
    expect(failed(r)).toEqual([]);
    expect(probe?.warnings?.[0]).toContain("found null");
    expect(probe?.warnings?.[0]).not.toContain("undefined");
  });

  it("a correct study emitting only started/finished passes, shipped protocol goldens included", async () => {
    const golden = join(root, "conformance", "mira", "exchanges");
    const r = await run("_correct-started-finished.mjs", { golden });
    expect(failed(r)).toEqual([]);
    expect(r.checks.some((c) => c.name.startsWith("exchange/") && c.status === "pass")).toBe(true);
  });

  it("a correct study whose runs outlast --timeout is paced, not failed", async () => {
    const r = await conform({
      suite: "mira",
      target: `node ${join(fakes, "_correct-slow.mjs")} 2500`,
      ...fast,
    });
    expect(failed(r)).toEqual([]);
  });

  it("a study that never answers: initialize-first blocked by --timeout, the run not passed", async () => {
    for (const target of [
      `node -e "setInterval(() => {}, 1000)"`,
      `node -e "setInterval(() => process.stdout.write('\\n'.repeat(50)), 5)"`,
    ]) {
      const r = await conform({ suite: "mira", target, ...fast });
      const init = r.checks.find((c) => c.name === "mira/initialize-first");
      // keel cannot tell a hung study from a slow machine: it says it stopped waiting, never "wrong answer"
      expect(init).toMatchObject({ status: "blocked", blockedBy: "--timeout" });
      expect(init?.reason).toContain("no answer within the hard cap of 1500 ms (raise --timeout)");
      expect(r.passed).toBe(false);
      expect(r.checks.find((c) => c.name === "mira/capabilities-known")?.status).toBe("skip");
    }
  });

  it("a missing script could not start: a report that holds the error, in every format", async () => {
    const target = `node ${join(fakes, "no-such-study.mjs")}`;
    const r = await conform({ suite: "mira", target, ...fast });
    expect(r.passed).toBe(false);
    expect(r.couldNotStart).toMatch(/no-such-study/);
    for (const [name, { render }] of Object.entries(reporters))
      expect(render(r), name).toMatch(/could not (be )?start|could-not-start/);
  });

  it("the study's own exit is judged, not a grandchild's holding stdout", async () => {
    const r = await run("_grandchild-holds-stdout.mjs");
    expect(r.checks.find((c) => c.name === "mira/exits-on-eof")?.status).toBe("pass");
  });
});

describe("recorded study-to-host lines", () => {
  const dir = join(root, "..", "shared", "peers", "mira", "recordings");
  it("are valid, except the error answers without an id", () => {
    const invalid: string[] = [];
    let lines = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".study-to-host.ndjson")))
      for (const line of readFileSync(join(dir, file), "utf8").split("\n").filter(Boolean)) {
        lines++;
        const m = JSON.parse(line) as Record<string, unknown>;
        const { findings } = "method" in m ? validateNotification(m) : validateResponse(m);
        if (findings.some((f) => f.severity === "error")) invalid.push(line);
      }
    expect(lines).toBeGreaterThan(50);
    expect(invalid.length).toBe(3);
    for (const line of invalid) expect(JSON.parse(line).id ?? null).toBeNull();
  });
});
