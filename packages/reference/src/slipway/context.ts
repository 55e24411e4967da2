import type { CliError, Next } from "@keel/slipway/types";
import { SlipwayError } from "./errors.js";
import { nextOf } from "./next.js";
import type { RunRecord } from "./record.js";

/** What a command gets besides its words: the caller's cwd and its stdin, read on demand. */
export interface CallContext {
  cwd: string;
  readStdin(): Promise<Uint8Array>;
}

/** A command's success: the text for stdout (a JSON document, or prose without --json). */
export type CommandResult = { stdout: string };

/** The details the real CLI attaches to state errors about a known Run. */
export const runDetails = (run: RunRecord): CliError["details"] => ({ run_id: run.id, state: run.state });

/** Runs `fn` for a loaded Run: any error it raises carries the Run's current `next`. */
export function forRun<T>(run: RunRecord, fn: () => T, next: Next = nextOf(run)): T {
  try {
    return fn();
  } catch (e) {
    throw e instanceof SlipwayError ? e.withRun(next) : e;
  }
}
