import { isRecord, jsonType, unescapeToken } from "@keel/diagnostics";

/** Keys whose values vary run to run: replaced by a type matcher when recorded. */
const VOLATILE_KEY =
  /(^|_)(ms|duration|duration_ms|time|timestamp|cost_usd|created_at|started_at|finished_at|uuid|pid)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A recorded value turned into an expectation: volatile values (timings, costs, UUIDs, timestamps)
 * become matchers, the rest stays literal. Given `capture` (a JSON-RPC line), the envelope `id` and
 * every member the protocol's correlation pointer names (`correlation`, its registry entry's
 * `facts.correlation`: the pointer's last member, wherever it appears — a notification carries it at
 * the pointer, a result that lists events inside them) become that one capture.
 */
export function generalize(
  value: unknown,
  capture?: { as: string; correlation?: string },
  key = "",
  depth = 0,
  defaults: ReadonlyMap<string, unknown> = new Map(),
): unknown {
  // the envelope id (depth 1) and the correlation member anywhere name the request; a sample's id does not
  if (capture !== undefined && ((key === "id" && depth === 1) || (key !== "" && key === memberOf(capture))))
    return { $capture: capture.as };
  // a value equal to the schema's default for its field means the same as leaving it out
  if (defaults.has(key) && JSON.stringify(defaults.get(key)) === JSON.stringify(value))
    return { $default: value };
  // a recorded number is a number: 0 and 0.0 are the same JSON, so never pin "integer" for one
  if (VOLATILE_KEY.test(key) && value !== null && typeof value !== "object")
    return { $type: typeof value === "number" ? "number" : jsonType(value) };
  if (typeof value === "string") {
    if (UUID.test(value)) return { $regex: UUID.source };
    if (ISO_TIME.test(value)) return { $regex: ISO_TIME.source };
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => generalize(v, capture, "", depth + 1, defaults));
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, generalize(v, capture, k, depth + 1, defaults)]),
    );
  return value;
}

/** The member a correlation pointer ends in (`/params/request_id` → `request_id`). */
const memberOf = (capture: { correlation?: string }) =>
  capture.correlation === undefined ? undefined : unescapeToken(capture.correlation.split("/").at(-1) ?? "");
