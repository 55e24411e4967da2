/**
 * Every process group keel started and has not yet killed. They are all SIGKILLed when keel exits,
 * and when keel itself gets SIGINT or SIGTERM (the signal is then re-raised so keel still stops).
 */
const live = new Set<number>();
let installed = false;

export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

function killAll(): void {
  for (const pid of live) killGroup(pid);
  live.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      killAll();
      // with our listener gone, the default action (or the host's own listener) applies again
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
}

export function track(pid: number): void {
  install();
  live.add(pid);
}

export function release(pid: number): void {
  live.delete(pid);
}

/** How many groups are live (for tests). */
export const liveGroups = (): number => live.size;
