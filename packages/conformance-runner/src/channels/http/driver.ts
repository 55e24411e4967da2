import { isRecord } from "@keel/diagnostics";
import type { ExchangeDriver } from "../../traffic.js";
import type { HttpChannel, HttpRequest, HttpResponse } from "./channel.js";

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
      const r = await channel.request(request as HttpRequest);
      if (r.response) return { value: r.response };
      return { missing: r.missing ?? "no response", ...(r.timedOut ? { timedOut: true } : {}) };
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
