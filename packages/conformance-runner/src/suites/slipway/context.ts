import type { CliChannel, CliResult } from "../../channels/cli/channel.js";
import type { Verdicts } from "../../verdicts.js";
import type { Obj } from "../kit/values.js";
import type { Workspace } from "./workspace.js";

/** What the phases of the slipway suite share. */
export interface Context {
  cli: CliChannel;
  v: Verdicts;
  w: Workspace;
  /** base_argv[0] of every variant: the program name the protocol uses */
  program: string;
  /** the tutorial Run's orient action, once answered */
  orientId?: string;
  /** set by the first call that could not start the target: the suite stops there */
  couldNotStart?: string;
}

/** One call and what keel read from it. */
export interface Called {
  argv: string[];
  r: CliResult;
  exit: number | null;
  /** the success document (exit 0), read as well as possible even when stdout carried more */
  doc?: Obj;
  /** the error object (non-zero exit), from stderr, else from stdout */
  error?: Obj;
}

export interface CallOptions {
  files?: Record<string, string>;
  stdin?: string;
  /** the action the Run is waiting for, when keel knows it (for slipway/error-next) */
  current?: string;
}
