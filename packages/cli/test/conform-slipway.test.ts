import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runMain as keel, repoRoot } from "./harness.js";

const slipway = `node ${join(repoRoot, "packages", "reference", "dist", "bin", "slipway.js")}`;
const fake = (name: string) => `node ${join(repoRoot, "conformance", "slipway", "fakes", name)}`;

describe("keel conform slipway / keel record slipway", () => {
  it("exits 1 and names the check a faulty slipway fails, with expected vs actual", async () => {
    const r = await keel(["conform", "slipway", "--target", fake("exit-1-on-error.mjs"), "--format", "json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    const failed = report.checks.filter((c: { status: string }) => c.status === "fail");
    expect(failed.map((c: { name: string }) => c.name)).toEqual(["slipway/error-exit-code"]);
    expect(failed[0]).toMatchObject({
      cites: "Slipway docs/reference-machine-protocol.md § Errors and compatibility",
      requirements: ["slipway/exit-code-values"],
      grounds: [expect.objectContaining({ id: "slipway/exit-code-values", level: "MUST" })],
      expected: "exit 2 or 3, equal to exit_code",
      actual: "exit 1, exit_code 3",
    });
  });

  it("records the slipway arguments after -- (a goal after a second --) and follows next to the end", async () => {
    const out = tempDir("keel-record-slipway-");
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
    const r = await keel(["record", "slipway", "--target", slipway, "--out", out, "--", ...args]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`wrote ${join(out, "recorded-run.json")}\n`);
    const scenario = JSON.parse(readFileSync(join(out, "recorded-run.json"), "utf8"));
    expect(scenario.steps[0].send.argv).toEqual(args);
    const kinds = scenario.steps
      .filter((s: { expect?: unknown }) => s.expect)
      .map(
        (s: { expect: { match: { stdout: { action?: { kind: string } } } } }) =>
          s.expect.match.stdout.action?.kind,
      );
    expect(kinds).toEqual(["orient", "implement", "summarize", undefined]);
  });

  it("exits 2 when record slipway has no arguments to record", async () => {
    const r = await keel([
      "record",
      "slipway",
      "--target",
      slipway,
      "--out",
      tempDir("keel-record-slipway-"),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/expected the slipway arguments to record after --/);
  });
});
