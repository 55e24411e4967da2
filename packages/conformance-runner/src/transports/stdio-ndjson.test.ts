import { describe, expect, it } from "vitest";
import { StdioNdjsonTransport } from "./stdio-ndjson.js";
import type { Received } from "./transport.js";

const node = (script: string) => `node -e '${script}'`;

async function collect(command: string, send: unknown[] = [], maxLineLength?: number) {
  const t = new StdioNdjsonTransport({ command, ...(maxLineLength ? { maxLineLength } : {}) });
  const got: Received[] = [];
  t.onReceive((r) => got.push(r));
  for (const m of send) t.send(m);
  t.closeInput();
  const exit = await t.waitExit(5000);
  await t.kill();
  return { got, exit, stderr: t.stderr() };
}

describe("StdioNdjsonTransport", () => {
  it("classifies each line by its fields and reports garbage and over-long lines as invalid", async () => {
    const script = [
      'const w = (s) => process.stdout.write(s + "\\n");',
      "w(JSON.stringify({ id: 1, result: {} }));",
      'w(JSON.stringify({ method: "event", params: {} }));',
      'w(JSON.stringify({ id: 2, method: "ping" }));',
      'w("hello"); w(""); w("[1]"); w("y".repeat(5000));',
      'console.error("to stderr");',
    ].join(" ");
    const { got, exit, stderr } = await collect(node(script), [], 1000);
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

  it("writes messages as lines and lets the child see EOF", async () => {
    const echo =
      'require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log(l));';
    const { got } = await collect(node(echo), [{ id: 7, result: 1 }, { raw: "{oops" }]);
    expect(got.map((r) => r.raw)).toEqual(['{"id":7,"result":1}', "{oops"]);
  });

  it("kills the whole process group of a child that ignores EOF", async () => {
    const t = new StdioNdjsonTransport({ command: `${node("setInterval(() => {}, 1000)")} & wait` });
    t.closeInput();
    expect(await t.waitExit(300)).toBeUndefined();
    await t.kill();
    expect(t.exited?.signal).toBe("SIGKILL");
  });
});
