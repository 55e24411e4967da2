import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { registryEntry } from "@keel/myrmo";
import { describe, expect, it } from "vitest";
import { replay } from "../../exchange/replay.js";
import { isStrict } from "../../exchange/strictness.js";
import { colonyDriver } from "./driver.js";
import { recordProxy } from "./record.js";

const root = join(import.meta.dirname, "..", "..", "..", "..", "..");
const colonyBin = join(root, "packages", "reference", "dist", "bin", "colony.js");
const trail = JSON.parse(readFileSync(join(root, "schemas/myrmo/examples/trail/minimal.json"), "utf8"));
const options = {
  timeouts: { idleMs: 10_000, capMs: 30_000 },
  maxCases: 1,
  concurrency: 1,
  exitMs: 1000,
  own: {},
};

describe("keel record myrmo (reverse proxy)", () => {
  it("records a client's session with the trail_id captured, and the exchange replays", async () => {
    const child = spawn(
      process.execPath,
      [colonyBin, "--port", "0", "--db", ":memory:", "--log-level", "silent"],
      {
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    try {
      const url = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once("line", resolve),
      );
      const target = { kind: "url" as const, url };
      let stop = () => {};
      const stopped = new Promise<void>((resolve) => {
        stop = resolve;
      });
      let proxy = "";
      const listening = new Promise<void>((resolve) => {
        const recorded = recordProxy(target, { ...options, listen: 0 }, stopped, (u) => {
          proxy = u;
          resolve();
        });
        void recorded.then((s) => done(s));
      });
      let done: (s: unknown) => void = () => {};
      const scenario = new Promise<unknown>((resolve) => {
        done = resolve;
      });
      await listening;
      // any HTTP client: plain fetch through the proxy
      const json = { "content-type": "application/json" };
      const published = await fetch(`${proxy}/v1/trails`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(trail),
      });
      const { trail_id: id } = (await published.json()) as { trail_id: string };
      expect((await fetch(`${proxy}/v1/trails/${id}`)).status).toBe(200);
      const outcome = {
        protocol_version: "1.0",
        outcome: "worked",
        agent_info: { model: "m", framework: "f" },
      };
      const reported = await fetch(`${proxy}/v1/trails/${id}/outcomes`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(outcome),
      });
      expect(reported.status).toBe(202);
      stop();
      const s = (await scenario) as {
        steps: { send?: { path: unknown }; expect?: { match: { body?: { trail_id?: unknown } } } }[];
      };
      expect(s.steps).toHaveLength(6);
      expect(s.steps[1]?.expect?.match.body?.trail_id).toEqual({ $capture: "trail_id" });
      expect(s.steps[2]?.send?.path).toEqual({ $template: "/v1/trails/{trail_id}" });
      expect(s.steps[4]?.send?.path).toEqual({ $template: "/v1/trails/{trail_id}/outcomes" });
      const driver = colonyDriver(target, options);
      const strict = (type?: string) => isStrict(registryEntry, type);
      const verdict = await replay(driver, s as never, { capabilities: new Set(), strict, file: "recorded" });
      await driver.close();
      expect(verdict.mismatches).toEqual([]);
      expect(verdict.status).toBe("pass");
    } finally {
      child.kill();
    }
  });
});
