import { KeelError } from "@keel/diagnostics";
import { parse } from "shell-quote";

/** What `--target` names: a URL (a colony), an exact argv run without a shell, or a shell command line. */
export type Target =
  | { kind: "url"; url: string }
  | { kind: "argv"; argv: string[] }
  | { kind: "shell"; command: string };

/** A `--target` that names nothing runnable: a usage error (exit 2). */
export class TargetError extends KeelError {
  constructor(message: string) {
    super("conform/bad-target", message);
  }
}

/**
 * Reads a `--target`: `http(s)://…` is a URL; otherwise it is split by shell-word rules (quotes,
 * backslashes) and run without a shell — unless it uses shell syntax (pipes, redirects, `&&`, `;`,
 * variables, globs, comments), which only a shell can honour.
 */
export function parseTarget(text: string): Target {
  const trimmed = text.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    if (!URL.canParse(trimmed)) throw new TargetError(`expected --target to be a valid URL, found ${text}`);
    return { kind: "url", url: trimmed };
  }
  if (trimmed === "") throw new TargetError("expected --target to name a command or a URL, found nothing");
  // a variable is returned as an object, so `$X` is seen as shell syntax rather than expanded to ""
  const words = parse(trimmed, (key: string) => ({ op: "var", key }) as unknown as string);
  // an operator, a variable, a glob, a comment, or a leading `NAME=value` assignment needs a shell
  const assignment = typeof words[0] === "string" && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]);
  if (assignment || words.some((w) => typeof w !== "string")) return { kind: "shell", command: trimmed };
  return { kind: "argv", argv: words as string[] };
}

/** The target as one line for reports. */
export const targetText = (t: Target): string =>
  t.kind === "url" ? t.url : t.kind === "shell" ? t.command : t.argv.join(" ");
