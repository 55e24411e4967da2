/**
 * A JSON value as a message shows it: JSON text cut to `max` characters (code points, so a cut never
 * splits a surrogate pair) with "…", and "unset" for undefined.
 */
export function show(value: unknown, max = 60): string {
  if (value === undefined) return "unset";
  const text = JSON.stringify(value) ?? String(value);
  // a code point is one or two UTF-16 units: only the head of a long text needs splitting
  if (text.length <= max) return text;
  const head = [...text.slice(0, 2 * max)];
  return head.length > max || text.length > 2 * max ? `${head.slice(0, max - 1).join("")}…` : text;
}
