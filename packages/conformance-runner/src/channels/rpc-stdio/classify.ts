import { isRecord } from "@keel/diagnostics";

/** What a received line is, by its JSON-RPC shape (or why it is none). */
export type LineKind = "request" | "response" | "notification" | "invalid";

/**
 * The JSON-RPC shape rule every rpc-stdio protocol shares: method present → id present ? request :
 * notification; otherwise an id makes it a response. A suite may pass its own classifier instead.
 */
export function jsonRpcKind(message: unknown): LineKind {
  if (!isRecord(message)) return "invalid";
  const has = (k: string) => Object.hasOwn(message, k);
  if (has("method")) return has("id") ? "request" : "notification";
  return has("id") ? "response" : "invalid";
}
