import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { conform } from "../../conform.js";
import { replay } from "../../exchange/replay.js";
import { isStrict } from "../../exchange/strictness.js";
import type { Scenario } from "../../exchange/types.js";
import { parseTarget } from "../../process/target.js";
import { record } from "../../record.js";
import type { SuiteOptions } from "../suite.js";
import { slipwayProgram } from "./channel.js";
import { slipwayDriver } from "./driver.js";
import { slipwaySuite } from "./index.js";
import { scenarioFromRecordings } from "./recordings.js";

const root = join(import.meta.dirname, "..", "..", "..", "..", "..");
const bin = join(root, "packages", "reference", "dist", "bin", "slipway.js");
const reference = `node ${bin}`;
const fakes = join(root, "conformance", "slipway", "fakes");
const exchanges = join(root, "conformance", "slipway", "exchanges");
const recordings = join(
  process.env.KEEL_SHARED ?? join(root, "..", "shared"),
  "peers",
  "slipway",
  "recordings",
);
const scratch = mkdtempSync(join(tmpdir(), "keel-slipway-suite-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const timeouts = { idleMs: 10_000, capMs: 30_000 };
const options: SuiteOptions = { timeouts, maxCases: 1, concurrency: 1, exitMs: 1000, own: {} };

/** One golden exchange replayed on a fresh driver (its own workspace) against a target. */
async function replayed(target: string, scenario: Scenario) {
  const driver = slipwayDriver(parseTarget(target), options);
  try {
    return await replay(driver, scenario, {
      capabilities: new Set(),
      strict: (type) => isStrict(slipwaySuite.entry, type),
      file: "test",
    });
  } finally {
    await driver.close();
  }
}

describe("keel conform slipway", () => {
  it("passes the reference slipway on every check and the golden exchange of the real CLI's session", async () => {
    const report = await conform({ suite: "slipway", target: reference, golden: exchanges, timeouts });
    expect(report.checks.filter((c) => c.status !== "pass").map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    expect(report.checks.map((c) => c.name)).toContain("exchange/recorded-session");
    expect(report.checks.length).toBe(slipwaySuite.checks.length + 1);
  });

  it("passes the fakes' faultless base on every check", async () => {
    const report = await conform({
      suite: "slipway",
      target: `node ${join(fakes, "_reference.mjs")}`,
      timeouts,
    });
    expect(report.checks.filter((c) => c.status !== "pass").map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
  });

  it("submits the dialect probes as written: 2^53 refused fails, 2^64 refused warns (upstream's Go refuses it)", async () => {
    const report = await conform({
      suite: "slipway",
      target: `node ${join(fakes, "safe-integers.mjs")}`,
      timeouts,
    });
    const lifecycle = report.checks.find((c) => c.name === "slipway/lifecycle");
    expect(lifecycle?.status).toBe("fail");
    expect(lifecycle?.reason).toMatch(
      /\[integer-(2-53|minus-2-53|past-2-53)\] was refused \("invalid_outcome", exit 2\)/,
    );
    expect(lifecycle?.warnings?.join("\n")).toMatch(
      /18446744073709551616 .*integer-past-int64.*Go decoder refuses/,
    );
    expect(report.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual([
      "slipway/lifecycle",
    ]);
  });

  it.skipIf(!existsSync(recordings))(
    "keeps the committed golden exchange equal to the one made from the recordings",
    () => {
      const committed = JSON.parse(readFileSync(join(exchanges, "recorded-session.json"), "utf8"));
      expect(committed).toEqual(scenarioFromRecordings(recordings));
    },
  );

  it("fails the golden exchange where an implementation answers another error code", async () => {
    const scenario = JSON.parse(readFileSync(join(exchanges, "recorded-session.json"), "utf8"));
    const r = await replayed(`node ${join(fakes, "wrong-error-code.mjs")}`, scenario);
    expect(r.status).toBe("fail");
    expect(r.mismatches?.map((m) => `${m.step} ${m.pointer} ${m.actual}`)).toEqual([
      '13 /stderr/code "stale_action"',
      '15 /stderr/code "stale_action"',
    ]);
  });

  it("records a session that follows next, and replays it", async () => {
    const out = join(scratch, "recorded");
    const args = [
      "run",
      "--budget",
      "4",
      "--json",
      "--root",
      "@workspace@",
      "--no-review",
      "--",
      "add a line",
    ];
    const [file] = await record({ suite: "slipway", target: reference, out, args, timeouts });
    const scenario = JSON.parse(readFileSync(file as string, "utf8")) as Scenario;
    expect(scenario.name).toBe("recorded-run");
    expect(scenario.steps.filter((s) => "send" in s)).toHaveLength(4); // run, orient, implement, summarize
    const text = JSON.stringify(scenario);
    expect(text).not.toContain(scratch);
    expect(text).toContain("@workspace@");
    expect(await replayed(reference, scenario)).toMatchObject({ status: "pass", mismatches: [] });
  });

  it("runs an argv target's relative paths from the caller's folder, the calls in the scenario's", () => {
    const target = parseTarget("node packages/reference/dist/bin/slipway.js --flag ./no-such-file");
    expect(slipwayProgram(target, root)).toEqual({ argv: ["node", bin, "--flag", "./no-such-file"] });
    expect(slipwayProgram(parseTarget("cd x && ./slipway"), root)).toEqual({ shell: "cd x && ./slipway" });
  });

  it("refuses a URL target and says when the target cannot be started", async () => {
    await expect(conform({ suite: "slipway", target: "http://127.0.0.1:1" })).rejects.toThrow(
      /--target for the slipway suite to be a slipway/,
    );
    expect((await conform({ suite: "slipway", target: "keel-no-such-slipway" })).couldNotStart).toMatch(
      /could not be started/,
    );
    await expect(record({ suite: "slipway", target: reference, out: scratch })).rejects.toThrow(
      /expected the slipway arguments to record after --/,
    );
  });
});
