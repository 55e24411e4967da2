import { type Clock, systemClock } from "../../clock.js";
import { Traffic } from "../../traffic.js";

/** One HTTP request keel sends: `body` as a string goes verbatim, anything else as JSON. */
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
    this.traffic.add("out", req);
    const abort = new AbortController();
    const timer = this.clock.setTimeout(() => abort.abort(), this.options.timeoutMs);
    try {
      const response = await fetch(joinUrl(this.baseUrl, req.path), {
        method: req.method,
        headers: withContentType(req),
        ...(req.body === undefined
          ? {}
          : { body: typeof req.body === "string" ? req.body : JSON.stringify(req.body) }),
        signal: abort.signal,
      });
      const { text, truncated } = await readBounded(response, this.options.maxBody ?? 1 << 20);
      const headers = Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v]));
      const result: HttpResponse = {
        status: response.status,
        headers,
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

async function readBounded(response: Response, max: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: "", truncated: false };
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response.body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (text.length > max) {
      await response.body.cancel().catch(() => {});
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

const describe = (e: unknown): string => {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e as Error).message;
};
