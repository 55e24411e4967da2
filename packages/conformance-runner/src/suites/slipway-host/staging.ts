import type { Answered } from "./call.js";

/** What keel knows about the Run from the backing slipway's own answers (never from staged ones). */
export interface StageContext {
  root: string;
  runId?: string;
  /** the outstanding action as the backing last reported it */
  action?: { id: string; kind: string };
  /** the backing's latest `next` */
  next?: unknown;
  /** stagings already done in this scenario (each fires once) */
  fired: Set<string>;
}

/** How keel treats one call: forwarded (maybe changed, maybe after calls of its own), or answered itself. */
export type Staging =
  | {
      label: string;
      /** the argv forwarded instead of the host's (the host's is what is judged) */
      argv?: string[];
      /** calls keel makes on the backing first, as another user of the workspace would */
      before?: string[][];
      /** replaces the backing's answer (the call took effect; the host sees this instead) */
      after?: (answer: Answered) => Answered;
    }
  | { label: string; answer: Answered };

/** A `cli_error` as the real binary prints it: one JSON object on stderr, stdout empty, exit 2 or 3. */
export function cliError(
  code: string,
  message: string,
  exit: 2 | 3,
  next: unknown,
  details?: Record<string, unknown>,
): Answered {
  const doc = { contract_version: 2, code, message, next, exit_code: exit, ...(details ? { details } : {}) };
  return { stdout: "", stderr: `${JSON.stringify(doc)}\n`, exit };
}

/** `next` with nothing to go on with, in this workspace (when the backing has not said). */
export const noNext = (next: unknown): unknown =>
  next ?? { operation: "none", workspace_identity: "sha256:unknown", variants: [] };

/** A JSON document re-printed over several lines (two-space indent), as the real CLI may print it. */
const reindent = (text: string | undefined): string | undefined => {
  try {
    return text?.trim() ? `${JSON.stringify(JSON.parse(text), null, 2)}\n` : text;
  } catch {
    return text;
  }
};

/** Every answer's JSON pretty-printed over several lines: a host that reads only the first line breaks. */
export const multiLine = (): Staging => ({
  label: "multi-line-json",
  after: (a) => ({ ...a, stdout: reindent(a.stdout), stderr: reindent(a.stderr) }),
});
