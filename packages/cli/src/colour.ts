import { createColors } from "picocolors";

/**
 * Colour is for a person at a terminal: on when stdout is a TTY, off with NO_COLOR (no-color.org) or
 * when piped; FORCE_COLOR turns it on anyway (CI logs that render ANSI).
 */
export function colourEnabled(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return isTTY && env.TERM !== "dumb";
}

const c = createColors(true);
// the status word a pretty report starts a line with; machine formats (JSON, SARIF, annotations) never do
const STATUS = /^(ok|PASS|FAIL|skip|xfail|stale)(?= |$)/gm;
const paint: Record<string, (s: string) => string> = {
  ok: c.green,
  PASS: (s) => c.bold(c.green(s)),
  FAIL: (s) => c.bold(c.red(s)),
  skip: c.yellow,
  xfail: c.yellow,
  stale: c.red,
};

/** The same text with each line's leading status word coloured. */
export function colourStatuses(text: string): string {
  return text.replace(STATUS, (word) => (paint[word] ?? String)(word));
}
