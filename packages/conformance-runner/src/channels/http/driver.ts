import { isRecord } from "@keel/diagnostics";
import type { Answer, ExchangeDriver } from "../../traffic.js";
import type { HttpChannel, HttpRequest, HttpResponse, HttpResult } from "./channel.js";

/** An HTTP result as a golden exchange reads it: the response, or why none came (keel's timeout said so). */
export const httpAnswer = (r: HttpResult): Answer =>
  r.response
    ? { value: r.response }
    : { missing: r.missing ?? "no response", ...(r.timedOut ? { timedOut: true } : {}) };

/** Golden exchanges over HTTP: a send is `{method, path, headers?, body?}`, its answer `{status, headers, body}`. */
export function httpDriver(channel: HttpChannel): ExchangeDriver {
  return {
    document: "body",
    prepare: (expected) => {
      if (!isRecord(expected) || !isRecord(expected.headers)) return expected;
      const headers = Object.fromEntries(
        Object.entries(expected.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      return { ...expected, headers };
    },
    send: async (request) => {
      return httpAnswer(await channel.request(request as HttpRequest));
    },
    traffic: channel.traffic,
    close: async () => {},
  };
}

/** What `keel record` expects of a recorded HTTP answer: its status, content type and body. */
export function httpExpectation(answer: unknown): unknown {
  const r = answer as HttpResponse;
  const type = r.headers?.["content-type"];
  return {
    status: r.status,
    ...(type ? { headers: { "content-type": type } } : {}),
    ...(r.body === undefined ? {} : { body: r.body }),
  };
}
