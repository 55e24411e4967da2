/** Process exit codes every keel command shares (see the README's command table). */
export const ExitCode = {
  /** everything checked passed */
  Ok: 0,
  /** the command ran and found something wrong: invalid documents, drift, breaking changes, failed checks */
  Failed: 1,
  /** the command could not run: bad arguments, unreadable files, an implementation that would not start */
  Usage: 2,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
