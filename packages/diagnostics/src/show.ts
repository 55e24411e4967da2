/**
 * A JSON value as a message shows it: JSON text cut to `max` characters (code points, so a cut never
 * splits a surrogate pair) with "…", and "unset" for undefined.
 */
export function show(value: unknown, max = 60): string {
  if (value === undefined) return "unset";
  const text = JSON.stringify(value) ?? String(value);
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
