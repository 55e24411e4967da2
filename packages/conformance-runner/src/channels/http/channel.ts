import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { type Clock, systemClock } from "../../clock.js";
import { Traffic } from "../../traffic.js";

/** One HTTP request keel sends: `body` as a string or bytes goes verbatim, anything else as JSON. */
export interface HttpRequest {
  method: string;
  /** the path (and query) under the target URL */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface HttpResponse {
  status: number;
  /** header names in lower case (HTTP header names are case-insensitive) */
  headers: Record<string, string>;
  /** parsed JSON when the body is JSON, else its text; absent when empty */
  body?: unknown;
  /** set when the body passed the bound and was cut */
  truncated?: boolean;
}

export interface HttpResult {
  response?: HttpResponse;
  /** why no response came: refused, reset, timed out */
  missing?: string;
  /** `missing` because the request outlived `timeoutMs` (keel stopped waiting), not because it failed */
  timedOut?: true;
  ms: number;
}

export interface HttpOptions {
  /** the most a request may take, from sending to the end of the body */
  timeoutMs: number;
  /** body characters kept (default 1 MiB) */
  maxBody?: number;
  clock?: Clock;
}

/**
 * Request → response over HTTP (a colony). Every failure of the peer (refused, reset, slow, huge) is
 * a result with `missing`, never a throw.
 */
export class HttpChannel {
  readonly traffic = new Traffic();
  private readonly clock: Clock;

  constructor(
    readonly baseUrl: string,
    private readonly options: HttpOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  async request(req: HttpRequest): Promise<HttpResult> {
    const started = this.clock.now();
    this.traffic.add("out", req.body instanceof Uint8Array ? { ...req, body: bytesShown(req.body) } : req);
    const abort = new AbortController();
    const timer = this.clock.setTimeout(() => abort.abort(), this.options.timeoutMs);
    try {
      const body = bodyOf(req.body);
      const headers = withContentType(req);
      if (body !== undefined) headers["content-length"] = String(body.byteLength);
      const raw = await exchangeOnce(
        joinUrl(this.baseUrl, req.path),
        req.method,
        headers,
        body,
        abort.signal,
      );
      const { text, truncated } = await readBounded(raw, this.options.maxBody ?? 1 << 20);
      const result: HttpResponse = {
        status: raw.statusCode ?? 0,
        headers: headersOf(raw),
        ...(text === "" ? {} : { body: parse(text) }),
      };
      if (truncated) result.truncated = true;
      this.traffic.add("in", result);
      return { response: result, ms: this.clock.now() - started };
    } catch (e) {
      const ms = this.clock.now() - started;
      if (abort.signal.aborted)
        return { missing: `no response within ${this.options.timeoutMs} ms`, timedOut: true, ms };
      return { missing: `the request failed: ${describe(e)}`, ms };
    } finally {
      this.clock.clearTimeout(timer);
    }
  }
}

const bodyOf = (body: unknown): Buffer | undefined =>
  body === undefined
    ? undefined
    : body instanceof Uint8Array
      ? Buffer.from(body)
      : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));

/** Bytes as the traffic log (and a report's evidence) shows them. */
const bytesShown = (b: Uint8Array): string => `${b.byteLength} bytes: ${Buffer.from(b).toString("hex")}`;

/**
 * One request on a connection of its own (`agent: false`, which also sends `Connection: close`).
 * Why not keep-alive: a server may close an idle kept-alive socket at its keep-alive timeout just as
 * the client reuses it (RFC 9112 §9.8); the reset that follows is no fault of the colony's. Retrying
 * on such a reset could send a publish twice (a reset does not prove the colony never processed it);
 * never reusing a connection removes the race, costs a loopback handshake, and leaves a reset on a
 * fresh connection the colony's own fault. Concurrent writers (the load check) each had their own
 * connection already.
 */
function exchangeOnce(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(target, { method, headers, agent: false, signal });
    req.once("response", resolve).on("error", reject);
    req.end(body);
  });
}

/** Header names in lower case; a repeated header's values joined by ", " (as fetch's Headers reads them). */
const headersOf = (r: IncomingMessage): Record<string, string> =>
  Object.fromEntries(Object.entries(r.headersDistinct).map(([k, v]) => [k, (v ?? []).join(", ")]));

/** The target URL's own path is kept: `http://h/base` + `/v1/trails` is `http://h/base/v1/trails`. */
const joinUrl = (base: string, path: string): string =>
  `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;

function withContentType(req: HttpRequest): Record<string, string> {
  const headers = { ...req.headers };
  const has = Object.keys(headers).some((k) => k.toLowerCase() === "content-type");
  if (!has && req.body !== undefined && typeof req.body !== "string")
    headers["content-type"] = "application/json";
  return headers;
}

async function readBounded(
  response: IncomingMessage,
  max: number,
): Promise<{ text: string; truncated: boolean }> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (text.length > max) {
      response.destroy();
      return { text: text.slice(0, max), truncated: true };
    }
  }
  return { text: text + decoder.decode(), truncated: false };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const describe = (e: unknown): string => (e as { code?: string }).code ?? (e as Error).message;
