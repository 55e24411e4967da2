import { describe, expect, it } from "vitest";
import { type Received, RpcStdioChannel } from "./channel.js";

const node = (script: string) => ({ argv: [process.execPath, "-e", script] });

async function collect(script: string, send: unknown[] = [], lines: string[] = [], maxLineLength?: number) {
  const t = new RpcStdioChannel({ program: node(script), ...(maxLineLength ? { maxLineLength } : {}) });
  const got: Received[] = [];
  t.onReceive((r) => got.push(r));
  for (const m of send) t.send(m);
  for (const l of lines) t.sendLine(l);
  t.closeInput();
  const exit = await t.waitExit(5000);
  await t.kill();
  return { got, exit, stderr: t.stderr(), traffic: t.traffic.entries };
}

const echo =
  'require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log(l));';

describe("RpcStdioChannel", () => {
  it("classifies each line by its JSON-RPC shape and reports garbage and over-long lines as invalid", async () => {
    const script = [
      'const w = (s) => process.stdout.write(s + "\\n");',
      "w(JSON.stringify({ id: 1, result: {} }));",
      'w(JSON.stringify({ method: "event", params: {} }));',
      'w(JSON.stringify({ id: 2, method: "ping" }));',
      'w("hello"); w(""); w("[1]"); w("y".repeat(5000));',
      'console.error("to stderr");',
    ].join(" ");
    const { got, exit, stderr } = await collect(script, [], [], 1000);
    expect(got.map((r) => [r.kind, r.problem])).toEqual([
      ["response", undefined],
      ["notification", undefined],
      ["request", undefined],
      ["invalid", "not JSON"],
      ["invalid", "neither a request, a notification nor a response"],
      ["invalid", "a line longer than 1000 characters"],
    ]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stderr).toBe("to stderr\n");
  });

  it("sends a message with a real raw field intact, writes lines verbatim, and records the traffic", async () => {
    const { got, traffic } = await collect(echo, [{ id: 7, raw: "{oops", params: { raw: 1 } }], ["{oops"]);
    expect(got.map((r) => r.raw)).toEqual(['{"id":7,"raw":"{oops","params":{"raw":1}}', "{oops"]);
    expect(got[0]?.message).toEqual({ id: 7, raw: "{oops", params: { raw: 1 } });
    expect(traffic.map((e) => e.direction)).toEqual(["out", "out", "in", "in"]);
  });

  it("kills the whole group of a child that ignores EOF", async () => {
    const t = new RpcStdioChannel({
      program: { shell: `${process.execPath} -e "setInterval(() => {}, 1000)" & wait` },
    });
    t.closeInput();
    expect(await t.waitExit(300)).toBeUndefined();
    await t.kill();
    expect(t.exited?.signal).toBe("SIGKILL");
  });
});
