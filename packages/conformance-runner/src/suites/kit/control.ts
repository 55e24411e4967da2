import { locate } from "./raw-json.js";

/**
 * The probed value of a dialect probe made ordinary: an integer probe `0` (`3` for `3.0`), a string probe
 * the string without its trailing line end or lone surrogate. A suite sends it beside the probe, the rest of
 * the bytes alike, so that a refusal of both is not laid on the probe (docs/dialects.md).
 */
export function controlText(text: string, pointer: string, probes: readonly string[]): string | undefined {
  const at = locate(text, pointer);
  if (!at) return undefined;
  const raw = text.slice(at.start, at.end);
  let plain: string | undefined;
  if (probes.some((p) => p.startsWith("integer-"))) plain = /^-?\d+\.0+$/.test(raw) ? raw.split(".")[0] : "0";
  else if (raw.startsWith('"')) {
    const value = JSON.parse(raw) as string;
    const trimmed = value.replace(/(\r\n|\n|\u2028|[\ud800-\udbff])$/, "");
    plain = trimmed === value ? undefined : JSON.stringify(trimmed);
  }
  return plain === undefined ? undefined : text.slice(0, at.start) + plain + text.slice(at.end);
}
