import { type ChildProcess, spawn } from "node:child_process";

/**
 * Every process group keel started and has not yet killed. They are all SIGKILLed when keel exits,
 * and when keel itself gets SIGINT or SIGTERM (the signal is then re-raised so keel still stops).
 * When keel dies in a way it cannot handle (SIGKILL, a test worker torn down), a watchdog does it: a
 * shell in its own group that hears each group keel starts and releases, and when its stdin closes —
 * keel is gone, however it went — kills the groups still listed.
 */
const live = new Set<number>();
let installed = false;
let watchdog: ChildProcess | undefined;

// "+PID" adds a group, "-PID" drops it; at end of input every listed group is killed.
const WATCHDOG = `keel_reaper=1; live=" "
while read -r line; do
  case "$line" in
    +*) live="$live\${line#+} " ;;
    -*) p=" \${line#-} "; case "$live" in *"$p"*) live="\${live%%"$p"*} \${live#*"$p"}" ;; esac ;;
  esac
done
for pid in $live; do kill -9 "-$pid" 2>/dev/null; done`;

function tell(line: string): void {
  if (process.platform === "win32") return;
  if (!watchdog) {
    watchdog = spawn("/bin/sh", ["-c", WATCHDOG], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
    watchdog.on("error", () => {}); // no shell: the exit and signal handlers still reap
    watchdog.stdin?.on("error", () => {});
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }
  watchdog.stdin?.write(`${line}\n`);
}

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
  tell(`+${pid}`);
}

export function release(pid: number): void {
  if (live.delete(pid)) tell(`-${pid}`);
}

/** How many groups are live (for tests). */
export const liveGroups = (): number => live.size;
