// A correct colony to build fakes on: keel's reference colony (packages/reference, built) listening on a
// private port, behind a small node:http proxy that lets one fake change one thing. `--port N` is where
// the fake listens, `--db FILE` the reference's SQLite file (default :memory:).
//
//   fakeColony({ onRequest(req) → answer | undefined, onAnswer(req, answer) → answer, db })
//
// `req` is {method, path, headers, body (Buffer), text}; an answer is {status, headers, body (string)}.
import { createServer, request } from "node:http";
import { parseArgs } from "node:util";
import { createColonyServer } from "../../../packages/reference/dist/colony/server.js";
import { SqliteStore } from "../../../packages/reference/dist/colony/sqlite-store.js";

const { values } = parseArgs({
  options: { port: { type: "string", default: "0" }, db: { type: "string", default: ":memory:" } },
  strict: false,
});

const listen = (server, port) =>
  new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server.address().port)));

function forward(port, req) {
  return new Promise((resolve) => {
    // a fresh connection per request: Node's default agent keeps sockets alive, and reusing one the inner
    // server is closing (its 5 s keep-alive) resets it — a 502 the colony never meant, likelier on a busy machine
    const { connection: _, ...headers } = req.headers;
    const out = request(
      { host: "127.0.0.1", port, method: req.method, path: req.path, headers, agent: false },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            headers: { ...res.headers },
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    out.on("error", (e) => resolve({ status: 502, headers: {}, body: String(e) }));
    out.end(req.body);
  });
}

export async function fakeColony({ onRequest, onAnswer, db } = {}) {
  const store = new SqliteStore(db ?? values.db, "normal");
  const inner = createColonyServer({ store, log: () => {} });
  const innerPort = await listen(inner, 0);
  const server = createServer((incoming, res) => {
    const chunks = [];
    incoming.on("data", (c) => chunks.push(c));
    incoming.on("end", async () => {
      const body = Buffer.concat(chunks);
      const headers = { ...incoming.headers };
      delete headers["content-length"];
      delete headers["transfer-encoding"];
      headers["content-length"] = String(body.length);
      const req = { method: incoming.method, path: incoming.url, headers, body, text: body.toString() };
      let answer = (await onRequest?.(req)) ?? (await forward(innerPort, req));
      if (onAnswer) answer = await onAnswer(req, answer);
      const out = { ...answer.headers };
      delete out["content-length"];
      delete out["transfer-encoding"];
      delete out.connection;
      res.writeHead(answer.status, { ...out, "content-length": String(Buffer.byteLength(answer.body)) });
      res.end(answer.body);
    });
  });
  const port = await listen(server, Number(values.port));
  process.stdout.write(`http://127.0.0.1:${port}\n`);
}

/** A JSON answer with the reference's headers kept (rate-limit counters). */
export const jsonAnswer = (status, value, headers = {}) => ({
  status,
  headers: { ...headers, "content-type": "application/json" },
  body: JSON.stringify(value),
});

export const isPublish = (req) => req.method === "POST" && req.path === "/v1/trails";
