import type { Finding } from "@keel/diagnostics";

/** The value at a JSON pointer, or undefined. */
function at(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * `pointer message` of a finding. The generated validators do not keep the offending value, so a
 * message may say "found undefined" of a value that is there (null, a string…): name what is there.
 */
export function describeFinding(f: Finding, doc: unknown): string {
  const value = at(doc, f.pointer);
  const message =
    value !== undefined && f.message.endsWith("found undefined")
      ? `${f.message.slice(0, -"undefined".length)}${kind(value)}`
      : f.message;
  return `${f.pointer || "/"} ${message}`;
}
