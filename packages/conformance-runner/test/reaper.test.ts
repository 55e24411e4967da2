import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dist = join(import.meta.dirname, "..", "dist", "index.js");
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

/** A keel-like host that launches a program which starts a grandchild, then prints the grandchild's pid. */
const host = `
const { Launched } = await import(${JSON.stringify(dist)});
const p = new Launched({ argv: [process.execPath, "-e", "const c=require('child_process').spawn(process.execPath,['-e','setInterval(()=>{},1000)'],{stdio:'inherit'});console.log(c.pid);setInterval(()=>{},1000)"] }, { onStdout: (t) => process.stdout.write(t) });
setInterval(() => {}, 1000);
`;

describe("process groups when keel itself is stopped", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("kills every group it started on %s", async (signal) => {
    const keel = spawn(process.execPath, ["--input-type=module", "-e", host], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const pid = await new Promise<number>((resolve) =>
      keel.stdout.once("data", (c) => resolve(Number(String(c).trim()))),
    );
    expect(running(pid)).toBe(true);
    keel.kill(signal);
    const exit = await new Promise((r) => keel.on("exit", (code, sig) => r(sig ?? code)));
    expect(exit).toBe(signal);
    await gone(pid);
    expect(running(pid)).toBe(false);
  });

  // a runner torn down without a chance to clean up (a CI job cancelled, a test worker killed): the
  // watchdog, which hears keel's pipe close, kills what keel left
  it("kills every group it started when it is killed outright (SIGKILL)", async () => {
    const keel = spawn(process.execPath, ["--input-type=module", "-e", host], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const pid = await new Promise<number>((resolve) =>
      keel.stdout.once("data", (c) => resolve(Number(String(c).trim()))),
    );
    expect(running(pid)).toBe(true);
    keel.kill("SIGKILL");
    await gone(pid);
    expect(running(pid)).toBe(false);
  });
});

/** Waits for a process to end (a failing test gives up after a minute rather than hanging). */
async function gone(pid: number): Promise<void> {
  for (let i = 0; i < 3000 && running(pid); i++) await new Promise((r) => setTimeout(r, 20));
}
