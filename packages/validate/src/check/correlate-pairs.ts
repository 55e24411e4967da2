import type { PairNote } from "./correlate-notes.js";

/**
 * What a response's pairing asks for: its result checked against the method of the request it answers, or
 * the `validate/response-unmatched` warning (no earlier request awaits it). Small: it crosses to a thread.
 */
export type PairTask =
  | { unmatched: string }
  | { method: string; definition: string; requestLine: number | undefined };

/** Registry `facts.methodSchemas`: each method's result definition. */
export type MethodSchemas = Record<string, { result?: string | null } | undefined>;

interface Open {
  method: string;
  line: number | undefined;
}

/**
 * How many requests a file may have awaiting their response at once. A host has a handful in flight; the
 * bound keeps memory flat on a capture of millions of requests whatever their ids (≈ 200 bytes each).
 */
export const CORRELATION_WINDOW = 16_384;

/**
 * One file's pairing, on the main thread, from its lines' notes in file order: each request's id remembered
 * with its method, each response matched to the earliest unanswered request with its id. Only requests still
 * awaiting their response are kept, at most `window` of them (the oldest let go first).
 */
export class Pairing {
  private readonly open = new Map<string, Open[]>();
  private readonly order = new KeyQueue((key) => this.open.has(key));
  private waiting = 0;
  private requests = 0;

  constructor(
    private readonly methods: MethodSchemas,
    private readonly window = CORRELATION_WINDOW,
  ) {}

  /** The next noted line: what its pair judgement is, if it needs one. */
  take(note: PairNote): PairTask | undefined {
    const { key } = note;
    if (note.method !== undefined) {
      this.requests += 1;
      const queue = this.open.get(key);
      const entry = { method: note.method, line: note.line };
      if (queue === undefined) this.open.set(key, [entry]);
      else queue.push(entry);
      this.order.push(key, this.waiting);
      if (++this.waiting > this.window) this.waiting -= this.forgetOldest();
      return undefined;
    }
    const queue = this.open.get(key);
    const request = queue?.shift();
    if (request !== undefined) this.waiting -= 1;
    if (queue?.length === 0) this.open.delete(key);
    // a file of responses only (a study's output) is left as it was
    if (request === undefined) return this.requests > 0 ? { unmatched: key } : undefined;
    if (note.checkable !== true) return undefined;
    const definition = Object.hasOwn(this.methods, request.method)
      ? this.methods[request.method]?.result
      : undefined;
    return definition ? { method: request.method, definition, requestLine: request.line } : undefined;
  }

  /** The request waiting longest let go: its response will be unmatched. */
  private forgetOldest(): number {
    for (let key = this.order.shift(); key !== undefined; key = this.order.shift()) {
      const queue = this.open.get(key);
      if (queue === undefined) continue; // answered already
      queue.shift();
      if (queue.length === 0) this.open.delete(key);
      return 1;
    }
    return 0;
  }
}

/**
 * Request ids in arrival order, for letting the oldest go in O(1) (a Map iterated from its start walks
 * past every deleted entry). Answered ids are dropped when the queue is compacted, which happens once it
 * holds twice as many ids as are awaiting: memory stays within the window.
 */
class KeyQueue {
  private keys: string[] = [];
  private head = 0;

  constructor(private readonly awaiting: (key: string) => boolean) {}

  push(key: string, waiting: number): void {
    if (this.keys.length - this.head > 2 * waiting + 1024) {
      this.keys = this.keys.slice(this.head).filter(this.awaiting);
      this.head = 0;
    }
    this.keys.push(key);
  }

  shift(): string | undefined {
    return this.head < this.keys.length ? this.keys[this.head++] : undefined;
  }
}
