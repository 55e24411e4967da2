import { isRecord } from "@keel/diagnostics";

// A colony may redact secrets before storing a trail (the reference's "first redaction pass"): a string
// it reports as redacted counts as the string sent.
const redacted = /redacted|\*{3,}/i;

function same(sent: unknown, got: unknown): boolean {
  if (typeof sent === "string" && typeof got === "string") return sent === got || redacted.test(got);
  if (Array.isArray(sent))
    return Array.isArray(got) && got.length === sent.length && sent.every((s, i) => same(s, got[i]));
  if (isRecord(sent))
    return isRecord(got) && Object.entries(sent).every(([k, s]) => k in got && same(s, got[k]));
  // -0 is 0 on the wire: JSON.stringify writes it as 0 (the dialect fixtures hold a -0)
  return typeof sent === "number" ? sent === got : Object.is(sent, got);
}

/**
 * Whether a status answer carries the trail as sent: at the top level (beside `status` and the colony's
 * own fields) or under one property. Every field sent must come back equal; the colony may add fields.
 */
export function carriesTrail(sent: unknown, answer: unknown): boolean {
  if (!isRecord(answer)) return false;
  return same(sent, answer) || Object.values(answer).some((v) => isRecord(v) && same(sent, v));
}

/** The first member of `sent` that the answer does not carry back, for messages. */
export function firstDifference(sent: unknown, answer: unknown): string {
  if (!isRecord(sent) || !isRecord(answer)) return "";
  const inner = Object.values(answer).find((v) => isRecord(v) && "protocol_version" in v) ?? answer;
  const key = Object.keys(sent).find((k) => !same(sent[k], (inner as Record<string, unknown>)[k]));
  return key === undefined ? "" : `/${key}`;
}
