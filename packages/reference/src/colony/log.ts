export type LogLevel = "debug" | "info" | "warn" | "error";
export type Logger = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => void;

const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Structured logs: one JSON object per line on stderr (or the given writer), at `min` and above. */
export function jsonLogger(
  min: LogLevel | "silent" = "info",
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  return (level, msg, fields = {}) => {
    if (min === "silent" || order[level] < order[min]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
  };
}
