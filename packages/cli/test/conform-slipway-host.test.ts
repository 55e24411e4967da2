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
});
