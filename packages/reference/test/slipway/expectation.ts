import type { Captures } from "@keel/conformance-runner";

/**
 * Turns a recorded answer of the real slipway into a golden expectation for the runner's matchers:
 * ids it issued become captures (`id:<recorded>`: bound to ours the first time, equal ever after),
 * digests and the HEAD commit too (equal recorded values must stay equal in ours), timestamps and
 * nanosecond mtimes match by shape, recorded paths become ours. A string that embeds ids or digests
 * (a context line, an error message) becomes a regex with the already-captured ids filled in.
 */
export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const SHA = /sha256:[0-9a-f]{64}/g;
const TIME = "^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?Z$";
const whole = (re: RegExp) => new RegExp(`^${re.source}$`);

export interface Mapping {
  paths: [recorded: string, ours: string][];
  captures: Captures;
}

/** A recorded string with our paths and the ids captured so far in place of the recorded ones. */
export function mapText(text: string, m: Mapping): string {
  let out = text;
  for (const [from, to] of m.paths) out = out.replaceAll(from, to);
  return out.replace(UUID, (id) => {
    const ours = m.captures.get(`id:${id}`);
    return typeof ours === "string" ? ours : id;
  });
}

export function expectation(recorded: unknown, m: Mapping, key = ""): unknown {
  if (Array.isArray(recorded)) return recorded.map((v) => expectation(v, m));
  if (recorded !== null && typeof recorded === "object")
    return Object.fromEntries(Object.entries(recorded).map(([k, v]) => [k, expectation(v, m, k)]));
  if (key === "modified_unix_nano") return { $type: "integer" };
  if (typeof recorded !== "string") return recorded;
  if (whole(UUID).test(recorded)) {
    const ours = m.captures.get(`id:${recorded}`);
    return ours === undefined ? { $capture: `id:${recorded}` } : ours;
  }
  if (whole(SHA).test(recorded)) return { $capture: `sha:${recorded}` };
  if (/^[0-9a-f]{40}$/.test(recorded)) return { $capture: `head:${recorded}` };
  if (new RegExp(TIME).test(recorded)) return { $regex: TIME };
  const text = mapText(recorded, m);
  if (!new RegExp(UUID.source).test(text) && !new RegExp(SHA.source).test(text)) return text;
  const pattern = text
    .split(/(sha256:[0-9a-f]{64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/)
    .map((part, i) =>
      i % 2 === 0
        ? part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        : part.startsWith("sha256:")
          ? "sha256:[0-9a-f]{64}"
          : "[0-9a-f-]{36}",
    )
    .join("");
  return { $regex: `^${pattern}$` };
}

/** Both texts with every volatile token masked, to compare the rest byte for byte (key order, spacing). */
export function masked(text: string): string {
  return text
    .replace(SHA, "<sha256>")
    .replace(UUID, "<uuid>")
    .replace(/\b[0-9a-f]{40}\b/g, "<head>")
    .replace(/"modified_unix_nano":\d+/g, '"modified_unix_nano":<ns>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z/g, "<time>");
}
