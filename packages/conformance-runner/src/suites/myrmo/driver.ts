import { isRecord } from "@keel/diagnostics";
import type { HttpRequest } from "../../channels/http/channel.js";
import { httpAnswer } from "../../channels/http/driver.js";
import type { Target } from "../../process/target.js";
import type { ExchangeDriver } from "../../traffic.js";
import type { SuiteOptions } from "../suite.js";
import { type Colony, openColony } from "./colony.js";

/** A golden exchange's channel: a URL at once; a command started on the first send (and killed on close). */
export function colonyDriver(target: Target, options: SuiteOptions): ExchangeDriver {
  let colony: Promise<Colony> | undefined;
  return {
    document: "body",
    prepare: (expected) => {
      if (!isRecord(expected) || !isRecord(expected.headers)) return expected;
      const lower = Object.entries(expected.headers).map(([k, v]) => [k.toLowerCase(), v]);
      return { ...expected, headers: Object.fromEntries(lower) };
    },
    send: async (request) => {
      colony ??= openColony(target, options);
      const c = await colony;
      if (c.couldNotStart) return { missing: c.couldNotStart };
      return httpAnswer(await c.channel.request(request as HttpRequest));
    },
    close: async () => {
      if (colony) await (await colony).close();
    },
  };
}
