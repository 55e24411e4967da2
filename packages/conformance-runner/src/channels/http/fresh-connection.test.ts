import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpChannel } from "./channel.js";

// Real sockets: each server counts the requests every connection carried, and misbehaves on cue.
const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function serve(
  handle: (req: IncomingMessage, res: ServerResponse, nth: number, body: Buffer) => void,
): Promise<{ base: string; perConnection: number[] }> {
  const counts = new Map<Socket, number>();
  const server = createServer((req, res) => {
    const nth = (counts.get(req.socket) ?? 0) + 1;
    counts.set(req.socket, nth);
    const parts: Buffer[] = [];
    req
      .on("data", (c: Buffer) => parts.push(c))
      .once("end", () => handle(req, res, nth, Buffer.concat(parts)));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    get perConnection() {
      return [...counts.values()];
    },
  };
}

const answer = (res: ServerResponse) => res.writeHead(200, { "content-type": "application/json" }).end("{}");

describe("HttpChannel connections", () => {
  it("never sends a request on a reused connection, so a colony closing idle kept-alive sockets is not failed", async () => {
    // the keep-alive race made deterministic: a reused connection is closed before any answer, as a
    // server's keep-alive timeout does when it fires just as the client reuses the socket
    const colony = await serve((req, res, nth) => (nth > 1 ? req.socket.destroy() : answer(res)));
    const http = new HttpChannel(colony.base, { timeoutMs: 30_000 });
    const results = [];
    for (const method of ["GET", "POST", "GET", "POST", "GET", "GET"])
      results.push(
        await http.request({ method, path: "/v1/trails", body: method === "POST" ? {} : undefined }),
      );
    expect(results.map((r) => r.response?.status ?? r.missing)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(colony.perConnection).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("reports a colony that resets a fresh connection before answering, and sends the request once", async () => {
    const colony = await serve((req) => req.socket.destroy());
    const http = new HttpChannel(colony.base, { timeoutMs: 30_000 });
    const r = await http.request({ method: "POST", path: "/v1/trails", body: { a: 1 } });
    expect(r.response).toBeUndefined();
    expect(r.missing).toMatch(/^the request failed: /);
    expect(r.timedOut).toBeUndefined();
    expect(colony.perConnection).toEqual([1]);
    expect(http.traffic.entries.map((e) => e.direction)).toEqual(["out"]);
  });

  it("reports a colony that resets after part of its answer", async () => {
    const colony = await serve((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"status":', () => req.socket.destroy());
    });
    const http = new HttpChannel(colony.base, { timeoutMs: 30_000 });
    const r = await http.request({ method: "GET", path: "/v1/trails/x" });
    expect(r.response).toBeUndefined();
    expect(r.missing).toMatch(/^the request failed: /);
    expect(r.timedOut).toBeUndefined();
  });

  it("sends bytes verbatim, with their length", async () => {
    let got: Buffer | undefined;
    let length: string | undefined;
    const colony = await serve((req, res, _nth, body) => {
      [got, length] = [body, req.headers["content-length"]];
      answer(res);
    });
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const r = await new HttpChannel(colony.base, { timeoutMs: 30_000 }).request({
      method: "POST",
      path: "/",
      body: bytes,
    });
    expect([r.response?.status, length, got?.equals(bytes)]).toEqual([200, "4", true]);
  });
});
