import { printable } from "@keel/diagnostics";

const WIDTH = 100;

/**
 * The source line of a finding with a caret under its column, clipped to WIDTH characters around it
 * (a JSON Lines document can be one very long line).
 */
export function codeFrame(sourceLine: string, column: number): string {
  const index = Math.max(0, column - 1);
  const start = Math.max(0, Math.min(index - WIDTH / 2, sourceLine.length - WIDTH));
  const end = Math.min(sourceLine.length, start + WIDTH);
  const prefix = start > 0 ? "…" : "";
  const suffix = end < sourceLine.length ? "…" : "";
  // control characters escaped (a raw NUL or escape sequence must not reach the terminal), the caret
  // moved by what escaping added before it
  const show = (s: string) => printable(s.replaceAll("\t", " "), false);
  const shown = show(sourceLine.slice(start, end));
  const caret = " ".repeat(prefix.length + show(sourceLine.slice(start, index)).length);
  return `    | ${prefix}${shown}${suffix}\n    | ${caret}^\n`;
}
