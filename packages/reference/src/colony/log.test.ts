import { describe, expect, it } from "vitest";
import { jsonLogger } from "./log.js";

const turn = () => new Promise((r) => setImmediate(r));

describe("jsonLogger", () => {
  it("writes the lines of one turn together, one JSON object per line, at the level and above", async () => {
    const writes: string[] = [];
    const log = jsonLogger("info", (text) => writes.push(text));
    log("debug", "hidden");
    log("info", "request", { method: "POST", status: 202, path: '/v1/"x"' });
    log("info", "empty", {});
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toHaveLength(1);
    const lines = (writes[0] as string).split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((l) => JSON.parse(l))).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: "info",
        msg: "request",
        method: "POST",
        status: 202,
        path: '/v1/"x"',
      },
      { time: expect.any(String), level: "info", msg: "empty" },
    ]);
  });

  it("writes a warning at once, after the lines queued before it, and nothing when silent", async () => {
    const writes: string[] = [];
    const log = jsonLogger("info", (text) => writes.push(text));
    log("info", "first");
    log("warn", "answer not sent", { error: "EPIPE" });
    expect(
      writes
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).msg),
    ).toEqual(["first", "answer not sent"]);
    await turn();
    expect(writes).toHaveLength(1);
    const silent: string[] = [];
    jsonLogger("silent", (t) => silent.push(t))("error", "x");
    await turn();
    expect(silent).toEqual([]);
  });
});
