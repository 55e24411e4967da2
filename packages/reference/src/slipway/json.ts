// Slipway's wire JSON: compact, keys in the order the objects were built (as the real CLI prints).
// `modified_unix_nano` (nanoseconds since the epoch, beyond Number.MAX_SAFE_INTEGER) is kept as a
// decimal string in memory and in the journal, and written as an exact JSON integer on the wire:
// Node 20's JSON.parse has no access to the source text of a number, so a number would lose digits.
const BIG = "\u0000int:";

export function toWire(value: unknown): string {
  const text = JSON.stringify(value, (key, v) =>
    key === "modified_unix_nano" && typeof v === "string" ? `${BIG}${v}` : v,
  );
  return text.replace(/"\\u0000int:(-?\d+)"/g, "$1");
}
