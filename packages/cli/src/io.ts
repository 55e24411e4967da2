import { colourEnabled, colourStatuses } from "./colour.js";

/** Where commands write; tests pass their own to capture output without spawning. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  /** stderr is a terminal: commands may draw progress lines there */
  isTTY?: boolean;
  /** why output could not be written (a full disk), when it could not */
  writeFailure?: () => string | undefined;
}

/**
 * The process's streams. A reader that goes away (`keel validate … | head`) closes the pipe: output to it
 * is dropped from then on instead of crashing, and the exit code still tells the verdict. Any other write
 * error (ENOSPC on `> /dev/full`) also stops output and is reported once the command is done. At a
 * terminal (and without NO_COLOR) the status word a pretty report starts its lines with is coloured.
 */
export function processIo(): Io {
  const closed = { out: false, err: false };
  let failure: string | undefined;
  const guard = (stream: NodeJS.WriteStream, key: keyof typeof closed) =>
    stream.on("error", (error: NodeJS.ErrnoException) => {
      closed[key] = true;
      if (error.code !== "EPIPE")
        failure ??= `cannot write to ${key === "out" ? "stdout" : "stderr"} (${error.message})`;
    });
  guard(process.stdout, "out");
  guard(process.stderr, "err");
  const colour = colourEnabled(process.env, process.stdout.isTTY === true);
  return {
    out: (text) => {
      if (!closed.out) process.stdout.write(colour ? colourStatuses(text) : text);
    },
    err: (text) => {
      if (!closed.err) process.stderr.write(text);
    },
    cwd: process.cwd(),
    isTTY: process.stderr.isTTY === true,
    writeFailure: () => failure,
  };
}
