import { type Clock, systemClock } from "../clock.js";

/**
 * A deadline that resets whenever the peer makes progress (a line arrives) but never runs past a hard
 * cap: a slow but chatty implementation is waited for, a silent or endless one is not.
 */
export interface TimeoutOptions {
  /** how long to wait without any progress */
  idleMs: number;
  /** the most a single wait may take, progress or not */
  capMs: number;
}

export class ProgressDeadline {
  private readonly started: number;
  private lastProgress: number;

  constructor(
    private readonly options: TimeoutOptions,
    private readonly clock: Clock = systemClock,
  ) {
    this.started = clock.now();
    this.lastProgress = this.started;
  }

  progress(now = this.clock.now()): void {
    this.lastProgress = now;
  }

  /** Milliseconds left before the deadline, 0 when it has passed. */
  remaining(now = this.clock.now()): number {
    const idle = this.lastProgress + this.options.idleMs - now;
    const cap = this.started + this.options.capMs - now;
    return Math.max(0, Math.min(idle, cap));
  }

  /** Which limit ran out, for the failure message. */
  reason(now = this.clock.now()): string {
    // the implementation may just be slow: say which limit, and how to give it more
    return now - this.started >= this.options.capMs
      ? `no answer within the hard cap of ${this.options.capMs} ms (raise --timeout)`
      : `no answer within ${this.options.idleMs} ms (raise --timeout)`;
  }
}
