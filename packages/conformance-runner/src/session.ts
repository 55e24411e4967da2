import { ProgressDeadline, type TimeoutOptions } from "./timeouts.js";
import type { Exit, Received, Transport } from "./transports/transport.js";

/** What became of one request: its response, the notifications tied to it, or why there is none. */
export interface Outcome {
  id: number;
  method: string;
  params: unknown;
  response?: Record<string, unknown>;
  /** notifications whose params.request_id named this request, in arrival order */
  notifications: Record<string, unknown>[];
  /** why no response came: a timeout or the implementation's exit */
  missing?: string;
  ms: number;
}

interface Pending {
  outcome: Outcome;
  deadline: ProgressDeadline;
  started: number;
  resolve: (o: Outcome) => void;
}

/**
 * One connection to an implementation: numbers requests, correlates responses by id, ties
 * notifications to requests by `request_id`, and keeps the whole log for the session-wide checks.
 */
export class Session {
  readonly received: Received[] = [];
  readonly sent: { id?: number; method?: string; raw?: string }[] = [];
  /** responses per id, including those for ids never sent and second answers */
  readonly answers = new Map<unknown, number>();
  private readonly pending = new Map<number, Pending>();
  private readonly byRequest = new Map<number, Record<string, unknown>[]>();
  /** set when the implementation wrote more lines than the session keeps; it is then killed */
  flooded = false;
  private nextId = 1;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly transport: Transport,
    private readonly timeouts: TimeoutOptions,
    /** the most lines kept: a study that floods stdout is stopped here rather than exhausting memory */
    readonly maxLines = 100_000,
  ) {
    transport.onReceive((r) => this.receive(r));
    this.timer = setInterval(() => this.sweep(), 10);
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
      const p = { outcome, deadline: new ProgressDeadline(timeouts), started: Date.now(), resolve };
      this.pending.set(id, p);
      if (!this.transport.send(message)) this.finish(p, `could not write the request: ${this.exitText()}`);
    });
  }

  /** The id of the request sent last. */
  lastId(): number {
    return this.nextId - 1;
  }

  /** Sends something that is not a request (a notification or a malformed line). */
  sendRaw(raw: string): void {
    this.sent.push({ raw });
    this.transport.send({ raw });
  }

  close(): void {
    clearInterval(this.timer);
    for (const p of [...this.pending.values()])
      this.finish(p, "the session was closed before an answer came");
  }

  exitText(exit: Exit | undefined = this.transport.exited): string {
    if (!exit) return "the implementation is still running";
    return exit.signal
      ? `the implementation was killed by ${exit.signal}`
      : `the implementation exited with code ${exit.code}`;
  }

  private receive(r: Received): void {
    if (this.flooded) return;
    if (this.received.length >= this.maxLines) {
      this.flooded = true;
      void this.transport.kill();
      return;
    }
    this.received.push(r);
    for (const p of this.pending.values()) p.deadline.progress();
    const m = r.message as Record<string, unknown> | undefined;
    if (r.kind === "notification") {
      const rid = (m?.params as Record<string, unknown> | undefined)?.request_id;
      if (typeof rid === "number") this.byRequest.get(rid)?.push(m as Record<string, unknown>);
    }
    if (r.kind !== "response" || !m) return;
    this.answers.set(m.id, (this.answers.get(m.id) ?? 0) + 1);
    const p = typeof m.id === "number" ? this.pending.get(m.id) : undefined;
    if (p) {
      p.outcome.response = m;
      this.finish(p);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const p of [...this.pending.values()]) {
      if (this.transport.exited) this.finish(p, `no response: ${this.exitText()}`);
      else if (p.deadline.remaining(now) === 0) this.finish(p, `no response: ${p.deadline.reason(now)}`);
    }
  }

  private finish(p: Pending, missing?: string): void {
    this.pending.delete(p.outcome.id);
    p.outcome.ms = Date.now() - p.started;
    if (missing) p.outcome.missing = missing;
    p.resolve(p.outcome);
  }
}
