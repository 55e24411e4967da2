import type { TrafficEntry } from "./traffic.js";

/** How keel talked to the implementation: which shape an exchange's messages have. */
export type ChannelKind = "rpc-stdio" | "http" | "cli" | "served";

/** One message of the evidence: `out` went to the implementation, `in` came from it (keel's side). */
export interface EvidenceMessage {
  direction: "out" | "in";
  /** ms since the epoch */
  at: number;
  /**
   * as the channel recorded it: rpc-stdio a line (parsed JSON, or the raw text), http `{method, path, headers,
   * body}` / `{status, headers, body}`, cli `{argv, cwd, stdin}` / `{exit, signal, stdout, stderr}`, served the
   * call `{argv, cwd, stdin}` and keel's answer `{stdout, stderr, exit}`
   */
  data: unknown;
}

/** The exchanges a verdict was judged on: the channel's last messages when the check failed. */
export interface Evidence {
  channel: ChannelKind;
  exchanges: EvidenceMessage[];
  /** earlier messages on the channel, not kept */
  omitted: number;
  /** strings longer than `STRING_KEPT` are cut; how many characters were cut in all */
  clipped?: number;
}

/** Messages kept per verdict, and characters kept per string: a report stays readable and bounded. */
export const KEPT = 16;
export const STRING_KEPT = 64 * 1024;

/** The channel each suite drives or serves (a suite's golden exchanges travel the same way). */
/** Evidence from a channel's traffic: its last `KEPT` messages, long strings cut (the cut is counted). */
export function evidenceOf(channel: ChannelKind, entries: readonly TrafficEntry[]): Evidence {
  const kept = entries.slice(-KEPT);
  const cut = { chars: 0 };
  const exchanges = kept.map((e) => ({ direction: e.direction, at: e.at, data: clip(e.data, cut) }));
  return {
    channel,
    exchanges,
    omitted: entries.length - kept.length,
    ...(cut.chars ? { clipped: cut.chars } : {}),
  };
}

function clip(value: unknown, cut: { chars: number }): unknown {
  if (typeof value === "string") {
    if (value.length <= STRING_KEPT) return value;
    cut.chars += value.length - STRING_KEPT;
    return `${value.slice(0, STRING_KEPT)}…`;
  }
  if (Array.isArray(value)) return value.map((v) => clip(v, cut));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clip(v, cut)]));
  return value;
}
