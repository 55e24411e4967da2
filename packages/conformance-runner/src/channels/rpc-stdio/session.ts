import { isRecord } from "@keel/diagnostics";
import { type Clock, systemClock } from "../../clock.js";
import { exitText } from "../../process/start-failure.js";
import { ProgressDeadline, type TimeoutOptions } from "../timeouts.js";
import type { Received, RpcStdioChannel } from "./channel.js";

/** What became of one request: its response, the notifications tied to it, or why there is none. */
export interface Outcome {
  id: number;
  method: string;
  params: unknown;
  response?: Record<string, unknown>;
  /** notifications the suite's `correlate` tied to this request, in arrival order */
  notifications: Record<string, unknown>[];
  /** why no response came: a timeout or the implementation's exit */
  missing?: string;
  /** `missing` because keel stopped waiting (`--timeout`), not because the implementation exited */
  timedOut?: true;
  ms: number;
}

export interface SessionOptions {
  timeouts: TimeoutOptions;
  /** the request id a notification belongs to (a protocol fact: the registry entry's `facts.correlation`) */
  correlate?: (notification: Record<string, unknown>) => unknown;
  /** the most lines kept: an implementation that floods stdout is stopped here */
  maxLines?: number;
  clock?: Clock;
}

interface Pending {
  outcome: Outcome;
  deadline: ProgressDeadline;
  started: number;
  resolve: (o: Outcome) => void;
}

const SWEEP_MS = 10;

/**
 * JSON-RPC over an rpc-stdio channel: numbers requests, correlates responses by `id`, ties
 * notifications to requests through the suite's `correlate`, and keeps the whole log.
 */
export class RpcSession {
  readonly received: Received[] = [];
  readonly sent: { id?: number; method?: string; raw?: string }[] = [];
  /** responses per id, including those for ids never sent and second answers */
  readonly answers = new Map<unknown, number>();
  /** set when the implementation wrote more lines than the session keeps; it is then killed */
  flooded = false;
  readonly maxLines: number;
  private readonly pending = new Map<number, Pending>();
  private readonly byRequest = new Map<number, Record<string, unknown>[]>();
  private nextId = 1;
  private timer: unknown;
  private readonly clock: Clock;
  /** the limits of every later wait; a suite may widen them to the implementation's measured pace */
  timeouts: TimeoutOptions;

  constructor(
    readonly channel: RpcStdioChannel,
    private readonly options: SessionOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.timeouts = options.timeouts;
    this.maxLines = options.maxLines ?? 100_000;
    channel.onReceive((r) => this.receive(r));
  }

  /** `timeouts` overrides the session's for this request (the first one also waits for start-up). */
  request(
    method: string,
    params?: unknown,
    extra: Record<string, unknown> = {},
    timeouts: TimeoutOptions = this.timeouts,
  ): Promise<Outcome> {
    const id = this.nextId++;
    const message = { id, method, ...(params === undefined ? {} : { params }), ...extra };
    const outcome: Outcome = { id, method, params, notifications: [], ms: 0 };
    this.byRequest.set(id, outcome.notifications);
    this.sent.push({ id, method });
    return new Promise((resolve) => {
      const started = this.clock.now();
      const p = { outcome, deadline: new ProgressDeadline(timeouts, this.clock), started, resolve };
      this.pending.set(id, p);
      if (!this.channel.send(message)) this.finish(p, `could not write the request: ${this.exitText()}`);
      else this.arm();
    });
  }

  /** The id of the request sent last. */
  lastId(): number {
    return this.nextId - 1;
  }

  /** Sends a line that is not a request (a notification or a malformed line), verbatim. */
  sendRaw(raw: string): void {
    this.sent.push({ raw });
    this.channel.sendLine(raw);
  }

  close(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    for (const p of [...this.pending.values()])
      this.finish(p, "the session was closed before an answer came");
  }

  exitText(exit = this.channel.exited): string {
    return exitText(exit);
  }

  /** One sweep timer while anything is pending. */
  private arm(): void {
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.sweep();
      if (this.pending.size) this.arm();
    }, SWEEP_MS);
  }

  private receive(r: Received): void {
    if (this.flooded) return;
    if (this.received.length >= this.maxLines) {
      this.flooded = true;
      void this.channel.kill();
      return;
    }
    this.received.push(r);
    if (this.pending.size) {
      const now = this.clock.now();
      for (const p of this.pending.values()) p.deadline.progress(now);
    }
    const m = isRecord(r.message) ? r.message : undefined;
    if (!m) return;
    if (r.kind === "notification") {
      const rid = this.options.correlate?.(m);
      if (typeof rid === "number") this.byRequest.get(rid)?.push(m);
    }
    if (r.kind !== "response") return;
    this.answers.set(m.id, (this.answers.get(m.id) ?? 0) + 1);
    const p = typeof m.id === "number" ? this.pending.get(m.id) : undefined;
    if (p) {
      p.outcome.response = m;
      this.finish(p);
    }
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const p of [...this.pending.values()]) {
      if (this.channel.exited) this.finish(p, `no response: ${this.exitText()}`);
      else if (p.deadline.remaining(now) === 0) {
        p.outcome.timedOut = true;
        this.finish(p, p.deadline.reason(now));
      }
    }
  }

  private finish(p: Pending, missing?: string): void {
    this.pending.delete(p.outcome.id);
    p.outcome.ms = this.clock.now() - p.started;
    if (missing) p.outcome.missing = missing;
    p.resolve(p.outcome);
  }
}
