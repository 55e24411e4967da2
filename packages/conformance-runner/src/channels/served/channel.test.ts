import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseScenario } from "../../exchange/load.js";
import { replay } from "../../exchange/replay.js";
import { ServedChannel } from "./channel.js";
import { servedDriver } from "./driver.js";
import { SOCKET_ENV, shimSource } from "./shim-source.js";

const work = realpathSync(mkdtempSync(join(tmpdir(), "keel-host-")));
afterAll(() => rmSync(work, { recursive: true }));

/** A host: calls `slipway` (found on PATH, or by $SLIPWAY_BIN) with argv and stdin, prints what came back. */
function host(env: NodeJS.ProcessEnv, calls: { argv: string[]; stdin?: string; bin?: boolean }[]) {
  const script = `const { spawnSync } = require("node:child_process");
const out = ${JSON.stringify(calls)}.map((c) => {
  const r = spawnSync(c.bin ? process.env.SLIPWAY_BIN : "slipway", c.argv, { input: c.stdin ?? "", encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ...(r.signal ? { signal: r.signal } : {}) };
});
process.stdout.write(JSON.stringify(out));`;
  const child = spawn(process.execPath, ["-e", script], {
    cwd: work,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let text = "";
  child.stdout.on("data", (c) => (text += c));
  return new Promise<{ status: number | null; stdout: string; stderr: string }[]>((r) =>
    child.on("close", () => r(JSON.parse(text))),
  );
}

describe("ServedChannel", () => {
  it("forwards argv (spaces, quotes, newlines, non-ASCII), cwd, env, stdin and a named file; replays the answer", async () => {
    const served = await ServedChannel.open({ name: "slipway", envVar: "SLIPWAY_BIN" });
    writeFileSync(join(work, "outcome.json"), '{"status":"done"}');
    const argv = ["submit", "a b", `q"uo'te`, "two\nlines", "ü€😀", "--outcome=outcome.json", "outcome.json"];
    const done = host({ ...served.env(), KEEL_HOST: "yes" }, [
      { argv, stdin: "from host\n" },
      { argv: ["status"], bin: true },
    ]);
    const first = await served.next(600_000);
    expect(first?.invocation).toMatchObject({
      argv,
      cwd: work,
      stdin: "from host\n",
      files: { "outcome.json": '{"status":"done"}' },
    });
    expect(first?.invocation.env.KEEL_HOST).toBe("yes");
    first?.reply({ stdout: '{"ok":"ü"}\n', stderr: "warn\n", exit: 4 });
    const second = await served.next(600_000);
    expect(second?.invocation.argv).toEqual(["status"]);
    second?.reply({ stdout: "fine\n" });
    expect(await done).toEqual([
      { status: 4, stdout: '{"ok":"ü"}\n', stderr: "warn\n" },
      { status: 0, stdout: "fine\n", stderr: "" },
    ]);
    // each shim said it waited for stdin (no stdinFlags: every call reads it) before its call came
    const kinds = served.traffic.entries.map(
      (e) => `${e.direction}${"awaiting" in (e.data as object) ? " awaiting" : ""}`,
    );
    expect(kinds).toEqual(["in awaiting", "in", "out", "in awaiting", "in", "out"]);
    await served.close();
  });

  it("replays await/answer steps, a value captured from the call flowing into the answer", async () => {
    const served = await ServedChannel.open({ name: "slipway" });
    const scenario = parseScenario(
      JSON.stringify({
        format: 2,
        protocol: "slipway",
        name: "host-acts",
        steps: [
          { await: { match: { argv: ["act", { $capture: "actionId" }] } }, as: "act" },
          { answer: { to: "act", with: { stdout: { $template: '{"action_id":"{actionId}"}' }, exit: 0 } } },
        ],
      }),
      "x.json",
      "slipway",
    );
    const done = host(served.env(), [{ argv: ["act", "a-17"] }]);
    const r = await replay(servedDriver(served), scenario, {
      capabilities: new Set(),
      strict: () => true,
      file: "x.json",
    });
    expect([r.status, r.mismatches]).toEqual(["pass", []]);
    expect(await done).toEqual([{ status: 0, stdout: '{"action_id":"a-17"}', stderr: "" }]);
    await served.close();
  });

  it("replays an answer lost in flight: the output, then death by the signal", async () => {
    const served = await ServedChannel.open({ name: "slipway" });
    const done = host(served.env(), [{ argv: ["protocol", "submit"] }]);
    (await served.next(600_000))?.reply({ stdout: "partial", signal: "SIGKILL" });
    const [r] = await done;
    expect(r).toMatchObject({ status: null, signal: "SIGKILL", stdout: "partial" });
    await served.close();
  });

  it("tells the host when keel is gone (exit 70), never hanging it", async () => {
    const bin = join(work, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "slipway"), shimSource(process.execPath), { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, [SOCKET_ENV]: join(work, "gone.sock") };
    const [r] = await host(env, [{ argv: ["x"] }]);
    expect(r).toMatchObject({ status: 70, stdout: "" });
    expect(r?.stderr).toMatch(/^keel shim: cannot reach the keel runner: connect ENOENT/);
  });

  it("with stdinFlags, answers a call without one while its stdin stays open, as the real program would", async () => {
    const served = await ServedChannel.open({ name: "slipway", stdinFlags: ["--outcome-stdin"] });
    const shim = spawn(served.shimPath, ["--help"], { env: served.env(), stdio: ["pipe", "pipe", "pipe"] });
    const call = await served.next(600_000);
    expect(call?.invocation).toMatchObject({ argv: ["--help"], stdin: "" });
    call?.reply({ stdout: "usage\n" });
    let out = "";
    shim.stdout.on("data", (c) => (out += c));
    const code = await new Promise((r) => shim.on("close", r));
    expect([code, out]).toEqual([0, "usage\n"]);
    await served.close();
  });

  it("records a call killed while its shim waited for stdin to end (it never reached keel)", async () => {
    const served = await ServedChannel.open({ name: "slipway", stdinFlags: ["--outcome-stdin"] });
    const argv = ["protocol", "submit", "--outcome-stdin"];
    const shim = spawn(served.shimPath, argv, { env: served.env(), stdio: ["pipe", "ignore", "ignore"] });
    await until(() =>
      served.traffic.entries.some((e) => (e.data as { awaiting?: string }).awaiting === "stdin"),
    );
    const closed = new Promise((r) => shim.on("close", r));
    shim.kill("SIGKILL");
    await closed;
    await until(() => served.cutShort.length > 0);
    expect(served.cutShort).toEqual([{ argv, cwd: expect.any(String), waited: expect.any(Number) }]);
    expect(await served.next(1)).toBeUndefined();
    await served.close();
  });
});

/** Resolves once `done()` holds, looking every 10 ms: the event it stands for has no callback to await. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 10));
}
