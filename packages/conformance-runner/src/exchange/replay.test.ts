import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpChannel } from "../channels/http/channel.js";
import { httpDriver } from "../channels/http/driver.js";
import { parseScenario } from "./load.js";
import { replay } from "./replay.js";

// a tiny colony: publish answers 202 with a fresh trail id, status is read back by that id
const trails = new Map<string, unknown>();
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req
      .on("data", (c) => (body += c))
      .on("end", () => {
        if (req.url === "/hang") return; // never answers
        if (req.url === "/reset") return req.socket.destroy();
        res.setHeader("Content-Type", "application/json");
        if (req.method === "POST") {
          const id = randomUUID();
          trails.set(id, JSON.parse(body));
          res.writeHead(202).end(JSON.stringify({ trail_id: id, status: "pending", extra: 1 }));
        } else {
          const id = decodeURIComponent(req.url?.split("/").pop() ?? "");
          if (!trails.has(id))
            return res.writeHead(404).end(JSON.stringify({ error: { code: "not_found" } }));
          res.writeHead(200).end(JSON.stringify({ trail_id: id, status: "verified" }));
        }
      });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections(); // the /hang requests
  return new Promise((r) => server.close(r));
});

const scenario = (publishBody: unknown, extra: Record<string, unknown> = {}) =>
  parseScenario(
    JSON.stringify({
      format: 2,
      protocol: "myrmo",
      name: "publish-then-status",
      ...extra,
      steps: [
        { send: { method: "POST", path: "/v1/trails", body: { title: "t" } }, as: "publish" },
        {
          expect: {
            response: "publish",
            match: { status: 202, headers: { "Content-Type": "application/json" }, body: publishBody },
          },
        },
        { send: { method: "GET", path: { $template: "/v1/trails/{trailId}" } }, as: "status" },
        {
          expect: {
            response: "status",
            match: { status: 200, body: { trail_id: { $capture: "trailId" }, status: "verified" } },
          },
        },
      ],
    }),
    "x.json",
    "myrmo",
  );

const run = (s: ReturnType<typeof scenario>, strict: boolean) =>
  replay(httpDriver(new HttpChannel(base, { timeoutMs: 5000 })), s, {
    capabilities: new Set(),
    strict: () => strict,
    file: "x.json",
  });

describe("replay over http", () => {
  it("carries a captured trail id into the next request, header names case-insensitive", async () => {
    const r = await run(scenario({ trail_id: { $capture: "trailId" }, status: "pending", extra: 1 }), true);
    expect([r.status, r.mismatches]).toEqual(["pass", []]);
  });

  it("reads the body strictly for a strict consumer (extra keys are mismatches), the envelope never", async () => {
    const s = scenario({ trail_id: { $capture: "trailId" }, status: "pending" });
    expect((await run(s, false)).status).toBe("pass");
    const strict = await run(s, true);
    expect(strict.traffic?.[0]).toBe('> {"method":"POST","path":"/v1/trails","body":{"title":"t"}}');
    expect(strict.traffic?.[1]).toMatch(/^< \{"status":202,"headers":\{/);
    expect((await run(s, false)).traffic).toBeUndefined(); // only a failing exchange carries it
    expect(strict.mismatches).toEqual([
      { step: 1, pointer: "/body/extra", expected: "absent (no unknown fields)", actual: "1" },
    ]);
  });

  it("reports a pending exchange that fails as xfail, and one that passes as a failure", async () => {
    const failing = await run(
      scenario({ trail_id: { $capture: "trailId" }, status: "done" }, { pending: "colony is slow" }),
      false,
    );
    expect([failing.status, failing.reason]).toEqual([
      "xfail",
      "expected failure (pending: colony is slow): the golden exchange differs (1 mismatches)",
    ]);
    const passing = await run(
      scenario({ trail_id: { $capture: "trailId" } }, { pending: "colony is slow" }),
      false,
    );
    expect([passing.status, passing.reason]).toEqual([
      "fail",
      'marked pending (colony is slow) but passes now: remove "pending" from the exchange',
    ]);
  });

  describe("a wait keel gave up on is not the implementation's answer", () => {
    const oneGet = (path: string, extra: Record<string, unknown> = {}) =>
      parseScenario(
        JSON.stringify({
          format: 2,
          protocol: "myrmo",
          name: "one-get",
          ...extra,
          steps: [
            { send: { method: "GET", path }, as: "get" },
            { expect: { response: "get", match: { status: 200 } } },
          ],
        }),
        "x.json",
        "myrmo",
      );
    const quick = (s: ReturnType<typeof oneGet>) =>
      replay(httpDriver(new HttpChannel(base, { timeoutMs: 100 })), s, {
        capabilities: new Set(),
        strict: () => false,
        file: "x.json",
      });

    it("blocks the exchange by --timeout when the channel stopped waiting, with no mismatch", async () => {
      const r = await quick(oneGet("/hang"));
      expect([r.status, r.blockedBy, r.mismatches]).toEqual(["blocked", "--timeout", []]);
      expect(r.reason).toMatch(/^step 1: a response to get: no response within 100 ms \(raise --timeout\)$/);
    });

    it("blocks it by the exchange's own timeoutMs when that runs out first", async () => {
      const r = await run(oneGet("/hang", { timeoutMs: 100 }), false);
      expect([r.status, r.blockedBy, r.mismatches]).toEqual(["blocked", "timeoutMs", []]);
      expect(r.reason).toMatch(/nothing within \d+ ms \(the golden exchange's timeoutMs\)$/);
    });

    it("still fails an answer that did not come for another reason (the connection was reset)", async () => {
      const r = await quick(oneGet("/reset"));
      expect(r.status).toBe("fail");
      expect(r.mismatches?.[0]).toMatchObject({ step: 1, expected: "a response to get" });
      expect(r.mismatches?.[0]?.actual).toMatch(/^the request failed/);
    });
  });
});
