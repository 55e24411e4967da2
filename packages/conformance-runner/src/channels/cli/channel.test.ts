import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.js";
import { CliChannel } from "./channel.js";

const dir = mkdtempSync(join(tmpdir(), "keel-cli-"));
afterAll(() => rmSync(dir, { recursive: true }));
const script = join(dir, "tool.cjs");
// a tiny CLI: prints what it was called with, reads the file its --outcome names, exits with --exit
const tool = `
const fs = require("fs");
let stdin = ""; process.stdin.on("data", (c) => (stdin += c)).on("end", () => {
  const args = process.argv.slice(2);
  const at = args.indexOf("--outcome");
  const outcome = at >= 0 ? fs.readFileSync(args[at + 1], "utf8") : null;
  console.log(JSON.stringify({ args, cwd: process.cwd(), env: process.env.KEEL_CALL, stdin, outcome }));
  console.error("done");
  process.exit(Number(args[args.indexOf("--exit") + 1] || 0));
});`;
writeFileSync(script, tool);

describe("CliChannel", () => {
  it("runs one process per call with exact argv, cwd, env, stdin and the files it names", async () => {
    const cli = new CliChannel({ argv: [process.execPath, script] }, { cwd: dir, timeoutMs: 5000 });
    const argv = ["a b", `q"'`, "line\nbreak", "ü€", "--outcome", "out/o.json", "--exit", "3"];
    const r = await cli.call({
      argv,
      cwd: ".",
      env: { KEEL_CALL: "1" },
      stdin: "in\n",
      files: { "out/o.json": '{"ok":true}' },
    });
    expect([r.exit, r.stderr]).toEqual([3, "done\n"]);
    expect(JSON.parse(r.stdout)).toEqual({
      args: argv,
      cwd: dir,
      env: "1",
      stdin: "in\n",
      outcome: '{"ok":true}',
    });
    expect(readFileSync(join(dir, "out", "o.json"), "utf8")).toBe('{"ok":true}');
    expect(cli.traffic.entries.map((e) => e.direction)).toEqual(["out", "in"]);
  });

  it("quotes argv for a shell target", async () => {
    const cli = new CliChannel(
      { shell: `KEEL_CALL=2 ${process.execPath} ${script}` },
      { cwd: dir, timeoutMs: 5000 },
    );
    const r = await cli.call({ argv: ["a b", "$HOME", "it's"] });
    expect(JSON.parse(r.stdout)).toMatchObject({ args: ["a b", "$HOME", "it's"], env: "2" });
  });

  it("gives up on a call that does not exit (injected clock) and kills its group; says when it could not start", async () => {
    const clock = new ManualClock();
    const hang = new CliChannel(
      { argv: [process.execPath, "-e", "setInterval(() => {}, 1000)"] },
      { timeoutMs: 1000, clock },
    );
    const pending = hang.call({ argv: [] });
    clock.advance(1000);
    const r = await pending;
    expect([r.exit, r.missing]).toEqual([null, "no exit within 1000 ms"]);
    const missing = await new CliChannel({ argv: ["keel-no-such-slipway"] }, { timeoutMs: 5000 }).call({
      argv: ["x"],
    });
    expect(missing.couldNotStart).toMatch(
      /could not be started \(spawn failed: spawn keel-no-such-slipway ENOENT\)/,
    );
  });
  it("returns once the program exited even when a grandchild holds stdout, and kills that grandchild", async () => {
    const script =
      "const c=require('child_process').spawn(process.execPath,['-e','setInterval(()=>{},1000)'],{stdio:'inherit'});c.unref();console.log(c.pid);process.exit(5)";
    const cli = new CliChannel(
      { argv: [process.execPath, "-e", script] },
      { timeoutMs: 10_000, drainMs: 50 },
    );
    const r = await cli.call({ argv: [] });
    expect(r.exit).toBe(5);
    const grandchild = Number(r.stdout.trim());
    const running = () => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${grandchild}/stat`, "utf8"));
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 50 && running(); i++) await new Promise((res) => setTimeout(res, 20));
    expect(running()).toBe(false);
  });
});
