/**
 * Time as the runner sees it: every wait goes through a Clock so tests can drive timeouts with a
 * manual clock instead of asserting on wall-clock time.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface SystemTimer {
  timer?: NodeJS.Timeout;
}

/**
 * Wall-clock time. A deadline that falls due gets a grace as long as it fell due late (at least 10 ms,
 * at most 1 s), waited with the event loop free to poll: a process starved on a busy machine wakes with
 * its timers due and an answer already waiting in a pipe or socket (timers run before I/O is polled, and
 * an end of file or an exit may take a blocking poll to be seen), and the answer that came in time must
 * win over the timeout.
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const h: SystemTimer = {};
    const due = Date.now() + ms;
    h.timer = setTimeout(() => {
      const late = Date.now() - due;
      h.timer = setTimeout(fn, Math.min(1000, Math.max(10, late)));
    }, ms);
    return h;
  },
  clearTimeout: (h) => clearTimeout((h as SystemTimer | undefined)?.timer),
};

/** Resolves with `p`'s value, or with undefined once `ms` have passed on `clock`. */
export function within<T>(p: Promise<T>, ms: number, clock: Clock = systemClock): Promise<T | undefined> {
  return new Promise((resolve) => {
    const t = clock.setTimeout(() => resolve(undefined), Math.max(0, ms));
    p.then((v) => {
      clock.clearTimeout(t);
      resolve(v);
    });
  });
}

/** A clock that only moves when told to: `advance(ms)` fires every timer that falls due. */
export class ManualClock implements Clock {
  private time = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Moves time on by `ms`, firing due timers in order (a timer may set further timers). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }
}
