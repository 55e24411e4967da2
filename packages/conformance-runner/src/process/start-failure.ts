import type { Exit, Launched } from "./launch.js";

export function exitText(exit: Exit | undefined): string {
  if (!exit) return "the implementation is still running";
  return exit.signal
    ? `the implementation was killed by ${exit.signal}`
    : `the implementation exited with code ${exit.code}`;
}

const tail = (text: string) => text.split("\n").slice(-12).join("\n").trim();

/**
 * Decides, once for every channel, whether a program "could not start" (exit 2, not a verdict): it
 * was not found or not executable (a spawn error, or a shell's 126/127), or — for a long-lived
 * program that is expected to speak — it ended before its first output.
 */
export function startFailure(p: Launched, longLived: boolean): string | undefined {
  const exit = p.exited;
  // a program keel killed was running: a study that never answers is a verdict, not a start failure
  if (!exit || p.spoke || p.killed) return undefined;
  const notRunnable = p.spawnError !== undefined || exit.code === 126 || exit.code === 127;
  if (!notRunnable && !longLived) return undefined;
  const why = p.spawnError ? `spawn failed: ${p.spawnError}` : exitText(exit);
  return `the target could not be started (${why}): ${tail(p.stderr()) || "no output"}`;
}
