import { spawn } from "node:child_process";

/** How one slipway call ended, as the host saw it. */
export interface CallResult {
  /** exit status, or null when the call died by a signal or was killed for taking too long */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** The slipway executable: `$SLIPWAY` when set, else `slipway` on PATH (one resolution, not persisted). */
export const slipwayProgram = (): string => process.env.SLIPWAY || "slipway";

/**
 * Runs `slipway ARGV…` (argv after the program name, exactly these elements, no shell), feeding `stdin`,
 * and waits for it to end — at most `ms`, after which it is killed and the call counts as uncertain.
 */
export function callSlipway(argv: readonly string[], ms: number, stdin = ""): Promise<CallResult> {
  return new Promise((resolve) => {
    const child = spawn(slipwayProgram(), argv, { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, ms);
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve({ status: null, signal: null, stdout, stderr: `${stderr}${e.message}\n`, timedOut });
    });
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, timedOut });
    });
  });
}

/** The JSON object a call answered: stdout on exit 0, the `cli_error` on stderr on exit 2 or 3. */
export function answerOf(r: CallResult): Record<string, unknown> | undefined {
  if (r.status === null) return undefined;
  try {
    const doc: unknown = JSON.parse(r.status === 0 ? r.stdout : r.stderr);
    return doc && typeof doc === "object" && !Array.isArray(doc)
      ? (doc as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
