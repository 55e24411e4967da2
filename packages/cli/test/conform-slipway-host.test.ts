import { describe, expect, it } from "vitest";
import { runMain as keel } from "./harness.js";

describe("keel conform slipway-host", () => {
  it("needs no --backing (keel's reference slipway) and fails a host that never calls slipway (exit 1)", async () => {
    const r = await keel([
      "conform",
      "slipway-host",
      "--target",
      "node -e 0",
      "--format",
      "json",
      "--scenario-timeout",
      "20000",
    ]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    const failed = report.checks
      .filter((c: { status: string }) => c.status === "fail")
      .map((c: { name: string }) => c.name);
    expect(failed).toEqual(["slipway-host/identity-first", "slipway-host/goal-file"]);
    // keel's own readings (schemas/slipway/requirements.json): warnings, not failures
    const warned = report.checks
      .filter((c: { status: string }) => c.status === "warn")
      .map((c: { name: string }) => c.name);
    expect(warned).toEqual(["slipway-host/exit-status", "slipway-host/drives-to-end"]);
  });

  it("refuses a bad --scenario-timeout and a --backing with shell syntax (exit 2)", async () => {
    const zero = await keel(["conform", "slipway-host", "--target", "node -e 0", "--scenario-timeout", "0"]);
    expect([zero.code, zero.err]).toEqual([
      2,
      "keel: expected --scenario-timeout to be a positive integer, found 0\n",
    ]);
    const piped = await keel([
      "conform",
      "slipway-host",
      "--target",
      "node -e 0",
      "--backing",
      "slipway | tee x",
    ]);
    expect(piped.code).toBe(2);
    expect(piped.err).toMatch(/expected --backing to be a command without shell syntax/);
  });

  it("takes the options the suite declares, lists them with --requirements and refuses others (exit 2)", async () => {
    const listed = await keel(["conform", "slipway-host", "--requirements"]);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/options of the slipway-host suite:\n {2}--backing +the slipway/);
    expect(listed.out).toMatch(/--scenario-timeout +the limit of one scenario.*\(default 60000\)/);
    const typo = await keel(["conform", "slipway-host", "--target", "node -e 0", "--backin", "x"]);
    expect([typo.code, typo.err]).toEqual([
      2,
      "keel: expected an option of keel conform or of the slipway-host suite (--backing, --scenario-timeout, --scenarios), found --backin\n",
    ]);
    const other = await keel(["conform", "mira", "--target", "node -e 0", "--backing=x"]);
    expect(other.err).toMatch(/of the mira suite \(none of its own\), found --backing=x/);
    const scenario = await keel([
      "conform",
      "slipway-host",
      "--target",
      "node -e 0",
      "--scenarios",
      "plain,nope",
    ]);
    expect([scenario.code, scenario.err]).toEqual([
      2,
      expect.stringMatching(/expected --scenarios among .*, found nope/),
    ]);
  });
});
