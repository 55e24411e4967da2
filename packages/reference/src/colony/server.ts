import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readBody } from "./body.js";
import { Refusal } from "./errors.js";
import { matchRoute } from "./facts.js";
import { type Answer, byFingerprint, outcome, publish, status } from "./handlers.js";
import { jsonLogger, type Logger } from "./log.js";
import { defaultRateLimit, RateLimiter, type RateLimitOptions } from "./rate-limit.js";
import type { TrailStore } from "./store.js";

export interface ColonyOptions {
  store: TrailStore;
  rateLimit?: RateLimitOptions;
  log?: Logger;
}

/** The reference colony's HTTP server: the agent-facing /v1 routes of the registry's facts.colony. */
export function createColonyServer(options: ColonyOptions): Server {
  const limiter = new RateLimiter(options.rateLimit ?? defaultRateLimit);
  const log = options.log ?? jsonLogger();
  return createServer((req, res) => {
    const started = performance.now();
    answer(options.store, limiter, log, req)
      .then((a) => {
        send(res, a.status, a.body, a.headers);
        log("info", "request", { method: req.method, path: req.url, status: a.status, ms: since(started) });
      })
      .catch((error: unknown) => {
        // a failure writing the answer (the client went away) is the only way here
        log("warn", "answer not sent", { method: req.method, path: req.url, error: String(error) });
      });
  });
}

const since = (t: number) => Math.round((performance.now() - t) * 10) / 10;

async function answer(
  store: TrailStore,
  limiter: RateLimiter,
  log: Logger,
  req: IncomingMessage,
): Promise<Answer & { headers: Record<string, string> }> {
  const limit = limiter.take(req.socket.remoteAddress ?? "");
  try {
    if (!limit.allowed)
      throw new Refusal("rate_limited", "expected fewer requests, found the rate limit reached");
    const routed = await route(store, req);
    return { status: routed.status, body: routed.body, headers: limit.headers };
  } catch (error) {
    if (error instanceof Refusal) {
      return { status: error.status, body: error.body(), headers: { ...limit.headers, ...error.headers } };
    }
    log("error", "request failed", { method: req.method, path: req.url, error: String(error) });
    const failed = new Refusal("unavailable", "the colony could not complete the request; retry later");
    return { status: failed.status, body: failed.body(), headers: limit.headers };
  }
}

async function route(store: TrailStore, req: IncomingMessage): Promise<Answer> {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  const found = matchRoute(req.method ?? "GET", path);
  if (found === undefined)
    throw new Refusal("not_found", `expected a colony route, found ${req.method} ${path}`);
  const [param = ""] = found.params;
  switch (found.route.name) {
    case "publish":
      return publish(store, await readBody(req));
    case "trail":
      return status(store, param);
    case "outcome":
      return outcome(store, param, await readBody(req));
    case "by_fingerprint":
      return byFingerprint(store, param);
    case "health":
      return { status: 200, body: { status: "ok" } };
  }
}

function send(res: ServerResponse, code: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  const list: string[] = []; // writeHead's flat [name, value, …] form: no merged object per answer
  for (const name in headers) list.push(name, headers[name] as string);
  list.push(
    "content-type",
    "application/json",
    "content-length",
    String(Buffer.byteLength(text)),
    "cache-control",
    "no-store",
  );
  res.writeHead(code, list);
  res.end(text);
}
