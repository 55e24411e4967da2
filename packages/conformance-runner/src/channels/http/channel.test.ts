import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.js";
import { HttpChannel } from "./channel.js";

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req
      .on("data", (c) => (body += c))
      .on("end", () => {
        if (req.url === "/hang") return; // never answers
        if (req.url === "/big") return res.end("x".repeat(5000));
        res.writeHead(req.method === "POST" ? 202 : 200, {
          "Content-Type": "application/json",
          "X-Trail-Id": "t-1",
        });
        res.end(
          JSON.stringify({ method: req.method, url: req.url, type: req.headers["content-type"], got: body }),
        );
      });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe("HttpChannel", () => {
  it("sends method, path, headers and a JSON body; answers status, lower-cased headers and the parsed body", async () => {
    const http = new HttpChannel(base, { timeoutMs: 5000 });
    const r = await http.request({ method: "POST", path: "/v1/trails?x=1", body: { a: "ü" } });
    expect(r.response?.status).toBe(202);
    expect(r.response?.headers["x-trail-id"]).toBe("t-1");
    expect(r.response?.body).toEqual({
      method: "POST",
      url: "/v1/trails?x=1",
      type: "application/json",
      got: '{"a":"ü"}',
    });
    expect(http.traffic.entries.map((e) => e.direction)).toEqual(["out", "in"]);
    const prefixed = await new HttpChannel(`${base}/colony/`, { timeoutMs: 5000 }).request({
      method: "GET",
      path: "/v1/x",
    });
    expect((prefixed.response?.body as { url?: string } | undefined)?.url).toBe("/colony/v1/x");
  });

  it("keeps a string body verbatim and bounds a huge one", async () => {
    const http = new HttpChannel(base, { timeoutMs: 5000, maxBody: 100 });
    const raw = await http.request({
      method: "PUT",
      path: "/",
      headers: { "Content-Type": "text/plain" },
      body: "{not json",
    });
    expect(raw.response?.body).toMatchObject({ type: "text/plain", got: "{not json" });
    const big = await http.request({ method: "GET", path: "/big" });
    expect([big.response?.truncated, String(big.response?.body ?? "").length]).toEqual([true, 100]);
  });

  it("reports a refused connection and a timeout (on the injected clock) as missing, never throwing", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await new HttpChannel(`http://127.0.0.1:${port}`, { timeoutMs: 5000 }).request({
      method: "GET",
      path: "/",
    });
    expect(refused.missing).toBe("the request failed: ECONNREFUSED");
    const clock = new ManualClock();
    const http = new HttpChannel(base, { timeoutMs: 300, clock });
    const pending = http.request({ method: "GET", path: "/hang" });
    await new Promise((r) => setTimeout(r, 50)); // let the request reach the server
    clock.advance(300);
    expect((await pending).missing).toBe("no response within 300 ms");
  });
});
