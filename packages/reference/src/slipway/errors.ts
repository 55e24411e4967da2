import type { CliError, Next } from "@keel/slipway/types";

/** Exit statuses of machine protocol v2: 2 the invocation was wrong, 3 it was valid but failed. */
export const USAGE = 2;
export const STATE = 3;

/** A failure the CLI answers with one `cli_error` on stderr (stdout empty) and its exit code. */
export class SlipwayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: 2 | 3,
    readonly next?: Next,
    readonly details?: CliError["details"],
  ) {
    super(message);
  }

  /** The same error with the run's `next` (and details) filled in once the run is known. */
  withRun(next: Next, details?: CliError["details"]): SlipwayError {
    return new SlipwayError(
      this.code,
      this.message,
      this.exitCode,
      this.next ?? next,
      this.details ?? details,
    );
  }

  document(fallback: Next): CliError {
    const doc: CliError = {
      contract_version: 2,
      code: this.code,
      message: this.message,
      next: this.next ?? fallback,
      exit_code: this.exitCode,
    };
    if (this.details) doc.details = this.details;
    return doc;
  }
}

export const usage = (message: string, code = "usage_error"): SlipwayError =>
  new SlipwayError(code, message, USAGE);
