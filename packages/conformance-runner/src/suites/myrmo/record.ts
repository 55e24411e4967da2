import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { HttpRequest, HttpResponse } from "../../channels/http/channel.js";
import { ConformError } from "../../conform-error.js";
import { type Exchanged, scenarioFromTraffic } from "../../exchange/from-traffic.js";
import type { Scenario } from "../../exchange/types.js";
import type { Target } from "../../process/target.js";
import type { SuiteOptions } from "../suite.js";
import { openColony } from "./colony.js";
import { facts } from "./context.js";

/** Headers kept from a request (the rest is the client's business, not the protocol's). */
const requestHeaders = ["content-type", facts.agentHeader.name.toLowerCase()];
/** Headers dropped from a proxied answer: node:http frames the body again. */
const hopByHop = new Set(["content-length", "transfer-encoding", "connection", "keep-alive"]);

/**
 * `keel record myrmo --target URL --listen PORT`: a reverse proxy between any HTTP client and the colony.
 * Every request and answer is kept in arrival order; when `stop` resolves (Ctrl-C) the session becomes
 * one golden exchange: the trail_id a 202 carried and a later path used is a capture, rate-limit
 * counters and Date are matchers.
 */
export async function recordProxy(
  target: Target,
  options: SuiteOptions & { listen: number },
  stop: Promise<unknown>,
  onListening: (url: string) => void = () => {},
): Promise<Scenario> {
  const colony = await openColony(target, options);
  if (colony.couldNotStart) throw new ConformError("conform/could-not-start", colony.couldNotStart);
  const exchanged: Exchanged[] = [];
  const server = createServer(async (req, res) => {
    const request = await readRequest(req);
    const slot: Exchanged = { request };
    exchanged.push(slot);
    const r = await colony.channel.request(request);
    if (!r.response) {
      res
        .writeHead(502, { "content-type": "text/plain" })
        .end(`keel record: the colony did not answer: ${r.missing}`);
      return;
    }
    slot.answer = r.response;
    const headers = Object.fromEntries(Object.entries(r.response.headers).filter(([k]) => !hopByHop.has(k)));
    const body = r.response.body;
    res
      .writeHead(r.response.status, headers)
      .end(body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e) =>
      reject(
        new ConformError("conform/cannot-listen", `could not listen on ${options.listen}: ${e.message}`),
      ),
    );
    server.listen(options.listen, "127.0.0.1", resolve);
  }).catch(async (e) => {
    await colony.close();
    throw e;
  });
  onListening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await stop;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await colony.close();
  const meta = {
    protocol: "myrmo",
    name: "recorded-session",
    description: "recorded by keel record myrmo as a reverse proxy; volatile values replaced by matchers",
  };
  return scenarioFromTraffic(meta, exchanged, colonyExpectation);
}

async function readRequest(req: IncomingMessage): Promise<HttpRequest> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const headers = Object.fromEntries(
    requestHeaders.flatMap((h) =>
      typeof req.headers[h] === "string" ? [[h, req.headers[h] as string]] : [],
    ),
  );
  let body: unknown = text === "" ? undefined : text;
  try {
    if (text !== "") body = JSON.parse(text);
  } catch {
    // not JSON: sent again verbatim
  }
  return {
    method: req.method ?? "GET",
    path: req.url ?? "/",
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(body === undefined ? {} : { body }),
  };
}

/** Status, content type and body as answered; rate-limit counters and Date as matchers. */
export function colonyExpectation(answer: unknown): unknown {
  const r = answer as HttpResponse;
  const headers: Record<string, unknown> = {};
  if (r.headers["content-type"]) headers["content-type"] = r.headers["content-type"];
  for (const h of [...facts.rateLimit.headers, facts.rateLimit.retryAfter].map((x) => x.toLowerCase()))
    if (r.headers[h] !== undefined) headers[h] = { $regex: "^[0-9]+$" };
  if (r.headers.date !== undefined) headers.date = { $type: "string" };
  return { status: r.status, headers, ...(r.body === undefined ? {} : { body: uuidsInside(r.body) }) };
}

const uuid = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A string with an id inside it (a status_url) matches any id there; a whole id is left to captures. */
function uuidsInside(v: unknown): unknown {
  if (typeof v === "string") {
    const parts = v.split(uuid);
    if (parts.length < 2 || (parts.length === 2 && parts[0] === "" && parts[1] === "")) return v;
    return { $regex: `^${parts.map(escapeRegex).join(uuid.source)}$` };
  }
  if (Array.isArray(v)) return v.map(uuidsInside);
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, uuidsInside(x)]));
}

/** The suite's `record`: listens until keel is interrupted (SIGINT / SIGTERM), then returns the session. */
export function recordMyrmo(target: Target, options: SuiteOptions): Promise<Scenario[]> {
  const stop = new Promise((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  const listen = Number(options.own.listen ?? 0);
  return recordProxy(target, { ...options, listen }, stop, (url) =>
    process.stderr.write(
      `keel record: proxy on ${url} → the colony; interrupt (Ctrl-C) to write the exchange\n`,
    ),
  ).then((s) => [s]);
}
