import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { quote } from "shell-quote";
import type { Program } from "../../process/launch.js";
import { type Target, TargetError } from "../../process/target.js";

export interface ProgramOptions {
  /** placeholders and their values (`{port}` → "8080"): an argv word takes the value as is, a shell command quoted */
  fill?: Readonly<Record<string, string>>;
  /**
   * the folder keel runs in, when the program runs in another one: an argv word naming an existing file
   * here (not a flag, nor a first word looked up on PATH) is made absolute
   */
  absoluteFrom?: string;
}

/**
 * The program a command `--target` starts, for a suite whose implementation keel starts itself. A URL
 * is refused: `what` says what the target must be ("the command that starts a Mira study").
 */
export function programOf(target: Target, what: string, options: ProgramOptions = {}): Program {
  if (target.kind === "url")
    throw new TargetError(`expected --target to be ${what}, found the URL ${target.url}`);
  const fill = Object.entries(options.fill ?? {});
  const sub = (s: string, q: (v: string) => string) =>
    fill.reduce((text, [name, value]) => text.replaceAll(`{${name}}`, q(value)), s);
  if (target.kind === "shell") return { shell: sub(target.command, (v) => quote([v])) };
  const from = options.absoluteFrom;
  const absolute = (w: string, i: number) =>
    from !== undefined &&
    !(i === 0 && !w.includes("/")) &&
    !isAbsolute(w) &&
    !w.startsWith("-") &&
    existsSync(resolve(from, w))
      ? resolve(from, w)
      : w;
  return { argv: target.argv.map((w, i) => sub(absolute(w, i), (v) => v)) };
}
