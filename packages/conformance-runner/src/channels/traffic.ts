/** One message on a channel, as keel saw it: what went out to the implementation or came in from it. */
export interface TrafficEntry {
  at: number;
  direction: "out" | "in";
  /** the message (parsed JSON, an HTTP exchange half, a CLI call or its result) */
  data: unknown;
}

/**
 * Everything a channel sent and received, for reports and `keel record`. Bounded: past `max` entries
 * only the count grows, so a flooding implementation cannot exhaust memory through the log.
 */
export class Traffic {
  readonly entries: TrafficEntry[] = [];
  dropped = 0;

  constructor(private readonly max = 100_000) {}

  add(direction: TrafficEntry["direction"], data: unknown, at = Date.now()): void {
    if (this.entries.length >= this.max) this.dropped++;
    else this.entries.push({ at, direction, data });
  }
}
