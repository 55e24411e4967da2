import { ExitCode } from "./exit-codes.js";

/**
 * Base class for lifecycle failures (a file that cannot be read, a registry that does not match its
 * files). Findings about documents are data, never exceptions. Each stage subclasses this once.
 */
export class KeelError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;

  constructor(code: string, message: string, options: { cause?: unknown; exitCode?: ExitCode } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.exitCode = options.exitCode ?? ExitCode.Usage;
  }
}

/** The command line was wrong: unknown command, option or value. */
export class UsageError extends KeelError {
  constructor(message: string) {
    super("cli/usage", message, { exitCode: ExitCode.Usage });
  }
}
