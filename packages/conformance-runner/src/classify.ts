import type { LineKind } from "./transports/transport.js";

/**
 * Classifies a parsed line by its fields, not by the pipe it came on (Mira registry
 * `facts.classification.order`: method present → id present ? request : notification; else response).
 */
export function classify(message: unknown): LineKind {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return "invalid";
  const has = (k: string) => Object.hasOwn(message, k);
  if (has("method")) return has("id") ? "request" : "notification";
  return has("id") ? "response" : "invalid";
}
