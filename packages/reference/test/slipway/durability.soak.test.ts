import { spawn } from "node:child_process";
import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bin, documentFindings, slipway, tutorial } from "./harness.js";

// A crash between or during two calls never corrupts a Run: mutations killed with SIGKILL at staggered
// moments leave a journal that every later call reads (the old record or the new one), and a lock left
// behind by a crashed writer is taken over once stale, while a live one makes the call `run_busy`.
const t = tutorial();
afterAll(() => t.remove());

function killedAfter(args: string[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: t.ws, stdio: "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe("keel-slipway journal under crashes", () => {
  it("SIGKILL during stop/resume at staggered moments never leaves an unreadable run", async () => {
    const start = slipway(["run", "--json", "--budget", "50", "--", "goal"], { cwd: t.ws });
    const runId = JSON.parse(start.stdout).run_id as string;
    // kill points spread over the second half of a whole call, where the journal is written
    const began = performance.now();
    slipway(["stop", runId, "--json"], { cwd: t.ws });
    slipway(["protocol", "resume", runId], { cwd: t.ws });
    const call = (performance.now() - began) / 2;
    for (const ms of [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1, 1.1].map((f) => Math.round(f * call))) {
      await killedAfter(["stop", runId, "--json"], ms);
      await killedAfter(["protocol", "resume", runId], ms);
      const status = slipway(["status", runId, "--json"], { cwd: t.ws });
      expect(status.rc, status.stderr).toBe(0);
      expect(documentFindings(["slipway", "status", runId, "--json"], status)).toEqual([]);
      const state = JSON.parse(status.stdout);
      expect(["active", "stopped"]).toContain(state.state);
      expect(state.state === "active").toBe(state.current_action !== undefined);
    }
    const list = slipway(["status", "--json"], { cwd: t.ws });
    expect(JSON.parse(list.stdout).unavailable_runs).toEqual([]);
  });

  it("a live lock makes a mutation run_busy (exit 3); a dead or stale one is taken over", () => {
    const start = JSON.parse(slipway(["run", "--json", "--", "goal"], { cwd: t.ws }).stdout);
    const lock = join(t.ws, ".git", "slipway", "runs", `.${start.run_id}.lock`);
    writeFileSync(lock, String(process.pid)); // a live writer: this test process
    const busy = slipway(["stop", start.run_id, "--json"], { cwd: t.ws });
    expect(busy.rc).toBe(3);
    expect(JSON.parse(busy.stderr)).toMatchObject({
      code: "run_busy",
      exit_code: 3,
      next: { operation: "action" },
    });
    writeFileSync(lock, "2147483646"); // a writer that is gone
    expect(JSON.parse(slipway(["status", start.run_id, "--json"], { cwd: t.ws }).stdout).state).toBe(
      "active",
    );
    const resumedLock = slipway(["stop", start.run_id, "--json"], { cwd: t.ws });
    expect(JSON.parse(resumedLock.stdout).state).toBe("stopped");
    writeFileSync(lock, String(process.pid));
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old); // a live pid, but older than any call: a crashed writer's pid reused
    const stopped = slipway(["stop", start.run_id, "--json"], { cwd: t.ws });
    expect(JSON.parse(stopped.stdout).state).toBe("stopped");
  });
});
