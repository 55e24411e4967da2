export type LogLevel = "debug" | "info" | "warn" | "error";
export type Logger = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => void;

const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * Structured logs: one JSON object per line on stderr (or the given writer), at `min` and above. The lines
 * of one turn of the event loop are written together at its end (one write instead of one per request
 * line: stderr writes are synchronous); a warning or an error is written at once with what is queued.
 */
export function jsonLogger(
  min: LogLevel | "silent" = "info",
  write: (text: string) => void = (text) => process.stderr.write(text),
): Logger {
  const lowest = min === "silent" ? Number.POSITIVE_INFINITY : order[min];
  let queued = "";
  const flush = () => {
    const text = queued;
    queued = "";
    if (text !== "") write(text);
  };
  const clock = { ms: 0, iso: "" };
  return (level, msg, fields) => {
    if (order[level] < lowest) return;
    const now = Date.now();
    if (now !== clock.ms) clock.iso = new Date(now).toISOString();
    clock.ms = now;
    const rest = fields === undefined ? "{}" : JSON.stringify(fields);
    const line = `{"time":"${clock.iso}","level":"${level}","msg":${JSON.stringify(msg)}${rest === "{}" ? "" : `,${rest.slice(1, -1)}`}}\n`;
    if (queued === "" && order[level] < order.warn) setImmediate(flush);
    queued += line;
    if (order[level] >= order.warn) flush();
  };
}
