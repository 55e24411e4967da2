import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliChannel } from "../channels/cli/channel.js";
import { cliDriver, cliExpectation } from "../channels/cli/driver.js";
import { HttpChannel } from "../channels/http/channel.js";
import { httpDriver, httpExpectation } from "../channels/http/driver.js";
import { pairTraffic, scenarioFromTraffic } from "./from-traffic.js";
import { parseScenario } from "./load.js";
import { replay } from "./replay.js";

// a colony whose trail ids and timestamps differ on every run
let server: Server;
let base = "";
const trails = new Set<string>();
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "POST") {
      const id = randomUUID();
      trails.add(id);
      return res
        .writeHead(202)
        .end(JSON.stringify({ trail_id: id, status: "pending", received_at: new Date().toISOString() }));
    }
    const id = decodeURIComponent(req.url?.split("/").pop() ?? "");
    res
      .writeHead(trails.has(id) ? 200 : 404)
      .end(JSON.stringify(trails.has(id) ? { trail_id: id, status: "verified" } : { error: "not_found" }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe("scenarioFromTraffic", () => {
  it("records an http conversation whose trail id flows from one answer into the next path, and replays green", async () => {
    const http = new HttpChannel(base, { timeoutMs: 5000 });
    const published = await http.request({ method: "POST", path: "/v1/trails", body: { title: "t" } });
    const posted = String((published.response?.body as { trail_id?: string } | undefined)?.trail_id);
    await http.request({ method: "GET", path: `/v1/trails/${posted}` });
    const scenario = scenarioFromTraffic(
      { protocol: "myrmo", name: "recorded-publish" },
      pairTraffic(http.traffic.entries),
      httpExpectation,
    );
    expect(scenario.steps).toEqual([
      { send: { method: "POST", path: "/v1/trails", body: { title: "t" } }, as: "call1" },
      {
        expect: {
          response: "call1",
          match: {
            status: 202,
            headers: { "content-type": "application/json" },
            body: {
              trail_id: { $capture: "trail_id" },
              status: "pending",
              received_at: { $regex: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}" },
            },
          },
        },
      },
      { send: { method: "GET", path: { $template: "/v1/trails/{trail_id}" } }, as: "call2" },
      {
        expect: {
          response: "call2",
          match: {
            status: 200,
            headers: { "content-type": "application/json" },
            body: { trail_id: { $capture: "trail_id" }, status: "verified" },
          },
        },
      },
    ]);
    const loaded = parseScenario(JSON.stringify(scenario), "recorded-publish.json", "myrmo");
    const again = await replay(httpDriver(new HttpChannel(base, { timeoutMs: 5000 })), loaded, {
      capabilities: new Set(),
      strict: () => true,
      file: "recorded-publish.json",
    });
    expect([again.status, again.mismatches]).toEqual(["pass", []]);
  });

  it("records a cli conversation whose action id flows from stdout into a later argv, and replays green", async () => {
    const dir = mkdtempSync(join(tmpdir(), "keel-slipway-"));
    // a slipway-like CLI keeping its state on disk: `next` issues an action id, `done <id>` accepts only that one
    writeFileSync(
      join(dir, "slipway.cjs"),
      `const fs = require("fs"); const [cmd, id] = process.argv.slice(2);
if (cmd === "next") { const a = "act-" + Math.random().toString(36).slice(2, 10); fs.writeFileSync("state", a); console.log(JSON.stringify({ action_id: a })); }
else { const ok = fs.readFileSync("state", "utf8") === id; console.log(JSON.stringify({ accepted: ok })); process.exit(ok ? 0 : 3); }`,
    );
    const open = () =>
      new CliChannel({ argv: [process.execPath, join(dir, "slipway.cjs")] }, { cwd: dir, timeoutMs: 10_000 });
    const cli = open();
    const next = await cli.call({ argv: ["next"] });
    await cli.call({ argv: ["done", JSON.parse(next.stdout).action_id] });
    const scenario = scenarioFromTraffic(
      { protocol: "slipway", name: "recorded-act" },
      pairTraffic(cli.traffic.entries),
      cliExpectation,
    );
    expect(scenario.steps.map((s) => ("send" in s ? s.send : "expect" in s ? s.expect.match : s))).toEqual([
      { argv: ["next"] },
      { exit: 0, stdout: { action_id: { $capture: "action_id" } } },
      { argv: ["done", { $use: "action_id" }] },
      { exit: 0, stdout: { accepted: true } },
    ]);
    const again = await replay(
      cliDriver(open()),
      parseScenario(JSON.stringify(scenario), "x.json", "slipway"),
      {
        capabilities: new Set(),
        strict: () => true,
        file: "x.json",
      },
    );
    expect([again.status, again.mismatches]).toEqual(["pass", []]);
    rmSync(dir, { recursive: true });
  });
});
