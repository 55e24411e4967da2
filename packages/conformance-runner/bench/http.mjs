// http: HttpChannel vs a bare fetch to the same node:http server (in a child process, as a colony is).
import { spawn } from "node:child_process";
import { HttpChannel } from "../dist/index.js";
import { perCall } from "./time.mjs";

const server = `require("node:http").createServer((q, s) => { let b = ""; q.on("data", (c) => (b += c)).on("end", () => {
  s.writeHead(202, { "content-type": "application/json" }); s.end(JSON.stringify({ trail_id: "t-1", got: b.length })); });
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;

export async function start() {
  const child = spawn(process.execPath, ["-e", server], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((r) => child.stdout.once("data", (c) => r(Number(String(c)))));
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const body = { title: "a trail", tags: ["x"] };

export const raw = (base) => (n) =>
  perCall(n, async () => {
    const r = await fetch(`${base}/v1/trails`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await r.json();
  });

export const runner = (base) => (n) => {
  const http = new HttpChannel(base, { timeoutMs: 5000 });
  return perCall(n, () => http.request({ method: "POST", path: "/v1/trails", body }));
};
