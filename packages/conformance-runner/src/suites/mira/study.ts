import { isRecord, unescapeToken } from "@keel/diagnostics";
import { registryEntry } from "@keel/mira";
import { RpcStdioChannel } from "../../channels/rpc-stdio/channel.js";
import { RpcSession } from "../../channels/rpc-stdio/session.js";
import type { Target } from "../../process/target.js";
import type { ExchangeDriver } from "../../traffic.js";
import { programOf } from "../kit/program.js";
import type { SuiteOptions } from "../suite.js";

/** A Mira study is a program keel starts; its --target is a command, never a URL. */
export const studyProgram = (target: Target) => programOf(target, "the command that starts a Mira study");

/**
 * Where a notification names the run it belongs to (`/params/request_id`, docs/protocol.md § Notification):
 * a protocol fact of the registry (schemas/registry.json, `facts.correlation`).
 */
export const CORRELATION = registryEntry.facts.correlation;
const correlate = (n: Record<string, unknown>) =>
  CORRELATION.split("/")
    .slice(1)
    .reduce<unknown>((v, token) => (isRecord(v) ? v[unescapeToken(token)] : undefined), n);

/** A fresh study on rpc-stdio, and a session over it. */
export function openStudy(
  target: Target,
  options: SuiteOptions,
): { channel: RpcStdioChannel; session: RpcSession } {
  const channel = new RpcStdioChannel({
    program: studyProgram(target),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const session = new RpcSession(channel, {
    timeouts: options.timeouts,
    correlate,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { channel, session };
}

/** Golden exchanges over a fresh study: a send is a request `{method, params}`, its answer the response line. */
export function studyDriver(target: Target, options: SuiteOptions): ExchangeDriver {
  const { channel, session } = openStudy(target, options);
  return {
    send: async (request) => {
      const { method, params } = request as { method: string; params?: unknown };
      const o = await session.request(method, params);
      return {
        value: o.response,
        notifications: o.notifications,
        ...(o.missing ? { missing: o.missing } : {}),
        ...(o.timedOut ? { timedOut: true } : {}),
      };
    },
    sendRaw: (line) => session.sendRaw(line),
    traffic: channel.traffic,
    close: async () => {
      session.close();
      await channel.kill();
    },
  };
}
