import type { ExchangeDriver } from "../../traffic.js";
import type { Reply, ServedChannel } from "./channel.js";

/** Golden exchanges when keel serves: await matches `{argv, cwd, env, stdin, files}`, answer `{stdout?, stderr?, exit?}`. */
export function servedDriver(channel: ServedChannel): ExchangeDriver {
  return {
    document: null,
    await: async (ms) => {
      const call = await channel.next(ms);
      return call && { value: call.invocation, reply: (r) => call.reply(r as Reply) };
    },
    traffic: channel.traffic,
    close: () => channel.close(),
  };
}
