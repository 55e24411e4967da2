import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { Launched } from "./launch.js";
import { liveGroups } from "./reaper.js";
import { startFailure } from "./start-failure.js";

const node = (script: string) => ({ argv: [process.execPath, "-e", script] });
const dir = realpathSync(mkdtempSync(`${tmpdir()}/keel-launch-`));
afterAll(() => rmSync(dir, { recursive: true }));

/** Whether a process is still running (a killed orphan may linger as a zombie until it is reaped). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

describe("Launched", () => {
  // A busy machine starves keel: it wakes with the deadline due and the program's exit and output already
  // waiting. The answer that came in time wins; the timeout is not read as the program's behaviour.
  it("reads an exit that came while keel was starved, though the deadline fell due meanwhile", async () => {
    const p = new Launched(node("process.stdout.write('answer'); process.stderr.write('note')"));
    const waiting = p.waitExit(20);
    const since = Date.now();
    // starve the event loop until the program has exited (a zombie nobody reaped yet) and the deadline passed
    while (alive(p.pid as number) || Date.now() - since < 50) {}
    expect(await waiting).toEqual({ code: 0, signal: null });
    expect([p.stdout(), p.stderr()]).toEqual(["answer", "note"]);
  });

  it("keeps what a killed group wrote before it died", async () => {
    const p = new Launched(node("process.stdout.write('before'); setInterval(() => {}, 1000)"));
    await new Promise<void>((r) => p.child.stdout?.once("data", () => r()));
    await p.kill();
    expect(p.stdout()).toBe("before");
    expect(p.killed).toBe(true);
  });

  it("runs an exact argv with its cwd, env and stdin, without a shell", async () => {
    const p = new Launched(
      node(
        "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>console.log(JSON.stringify([process.argv.slice(1),process.cwd(),process.env.KEEL_X,s])))",
      ),
      { cwd: dir, env: { KEEL_X: "x y" }, stdin: "in put\n" },
    );
    expect(await p.waitExit(5000)).toEqual({ code: 0, signal: null });
    expect(JSON.parse(p.stdout())).toEqual([[], dir, "x y", "in put\n"]);
    await p.kill();
  });

  it("keeps stdout and stderr bounded, counting the rest", async () => {
    const p = new Launched(
      node("process.stdout.write('a'.repeat(5000));process.stderr.write('b'.repeat(5000))"),
      {
        maxStdout: 100,
        maxStderr: 10,
      },
    );
    await p.waitExit(5000);
    expect([p.stdout().length, p.stderr()]).toEqual([100, "b".repeat(10)]);
    await p.kill();
  });

  it("kills the whole group, including a grandchild that holds stdout", async () => {
    const script =
      "const c=require('child_process').spawn(process.execPath,['-e','setInterval(()=>{},1000)'],{stdio:'inherit'});c.unref();console.log(c.pid)";
    const p = new Launched(node(script));
    const exit = await p.exitedEvent; // the parent is gone, but its child still holds stdout open
    expect(exit.code).toBe(0);
    expect(await p.waitExit(200)).toBeUndefined();
    const grandchild = Number(p.stdout().trim());
    expect(alive(grandchild)).toBe(true);
    const before = liveGroups();
    await p.kill();
    expect(p.exited).toBeDefined();
    expect(liveGroups()).toBe(before - 1);
    for (let i = 0; i < 50 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(grandchild)).toBe(false);
  });

  it("decides 'could not start' once: not found, not executable, or silent exit of a long-lived program", async () => {
    const missing = new Launched({ argv: ["keel-no-such-command-here"] });
    await missing.waitExit(5000);
    expect(startFailure(missing, false)).toMatch(/could not be started \(spawn failed: .*ENOENT\)/);
    const notExecutable = new Launched({ argv: [`${dir}`] });
    await notExecutable.waitExit(5000);
    expect(startFailure(notExecutable, false)).toMatch(/could not be started \(spawn failed: .*EACCES\)/);
    const shell127 = new Launched({ shell: "keel-no-such-command-here" });
    await shell127.waitExit(5000);
    expect(startFailure(shell127, false)).toMatch(/exited with code 127/);
    const silent = new Launched(node("console.error('boom');process.exit(3)"));
    await silent.waitExit(5000);
    expect(startFailure(silent, true)).toBe(
      "the target could not be started (the implementation exited with code 3): boom",
    );
    expect(startFailure(silent, false)).toBeUndefined(); // one call of a CLI may well print nothing
    const spoke = new Launched(node("console.log('hi');process.exit(3)"));
    await spoke.waitExit(5000);
    expect(startFailure(spoke, true)).toBeUndefined();
    for (const p of [missing, notExecutable, shell127, silent, spoke]) await p.kill();
  });
});
