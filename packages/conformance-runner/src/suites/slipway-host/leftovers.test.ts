import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shimsRunning } from "./leftovers.js";

describe.runIf(process.platform === "linux")("shimsRunning", () => {
  it("counts the processes running a script, and none once they are gone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "keel-leftovers-"));
    const script = join(dir, "slipway");
    writeFileSync(script, "setTimeout(() => {}, 10000);\n");
    const child = spawn(process.execPath, [script], { stdio: "ignore" });
    try {
      await new Promise((r) => child.once("spawn", r));
      expect(shimsRunning(script)).toBe(1);
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      expect(shimsRunning(script)).toBe(0);
    } finally {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
