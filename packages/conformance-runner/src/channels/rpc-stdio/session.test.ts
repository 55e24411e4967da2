import { describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.js";
import { RpcStdioChannel } from "./channel.js";
import { RpcSession } from "./session.js";

const node = (script: string) => ({ argv: [process.execPath, "-e", script] });
// answers `ping` with two notifications naming the request, then the response; never answers `hang`
const peer = `require("readline").createInterface({ input: process.stdin }).on("line", (l) => {
  const m = JSON.parse(l); if (m.method === "hang") return;
  const w = (x) => process.stdout.write(JSON.stringify(x) + "\\n");
  w({ method: "event", params: { request_id: m.id, kind: "started" } });
  w({ method: "event", params: { request_id: 999, kind: "stray" } });
  w({ id: m.id, result: { echo: m.params } });
});`;

describe("RpcSession", () => {
  it("correlates the response by id and notifications through the suite's correlate", async () => {
    const channel = new RpcStdioChannel({ program: node(peer) });
    const s = new RpcSession(channel, {
      timeouts: { idleMs: 5000, capMs: 10_000 },
      correlate: (n) => (n.params as { request_id?: unknown }).request_id,
    });
    const o = await s.request("ping", { raw: "kept" });
    expect(o.response).toEqual({ id: 1, result: { echo: { raw: "kept" } } });
    expect(o.notifications).toEqual([{ method: "event", params: { request_id: 1, kind: "started" } }]);
    s.close();
    await channel.kill();
  });

  it("times a silent request out on the injected clock, naming the limit", async () => {
    const clock = new ManualClock();
    const channel = new RpcStdioChannel({ program: node(peer) });
    const s = new RpcSession(channel, { timeouts: { idleMs: 100, capMs: 1000 }, clock });
    const o = s.request("hang");
    clock.advance(99);
    clock.advance(20);
    expect((await o).missing).toBe("no answer within 100 ms (raise --timeout)");
    s.close();
    await channel.kill();
  });
});
