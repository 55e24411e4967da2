/** Where commands write; tests pass their own to capture output without spawning. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  /** stderr is a terminal: commands may draw progress lines there */
  isTTY?: boolean;
}

export const processIo = (): Io => ({
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: process.stderr.isTTY === true,
});
