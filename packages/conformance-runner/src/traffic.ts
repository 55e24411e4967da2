// What channels and golden exchanges share, a leaf both import: the traffic log of a channel, and how an
// exchange talks over one (a channel's driver implements ExchangeDriver; exchange/ replays through it).

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

/** What a channel answered to one request, as a golden exchange matches it. */
export interface Answer {
  /** the answer in the channel's shape, undefined when none came */
  value?: unknown;
  /** notifications tied to the request (rpc-stdio) */
  notifications?: unknown[];
  /** why no answer came */
  missing?: string;
  /** keel stopped waiting (`missing` says for how long): not the implementation's answer */
  timedOut?: true;
}

/** A call the implementation made to keel (the served direction). */
export interface Call {
  value: unknown;
  reply(answer: unknown): void;
}

/**
 * How a golden exchange talks over one suite's channel. A driving channel implements `send` and
 * `response`; the served channel implements `await`. `sendRaw` is rpc-stdio's malformed line.
 */
export interface ExchangeDriver {
  /**
   * The key of an answer that holds the protocol document (http `body`, cli `stdout`): only it is read
   * with the document's strictness; the envelope around it (status, headers, exit) is matched
   * leniently. Undefined: the whole answer is the document (an rpc-stdio line); null: there is no
   * document, all is envelope (a served call: argv, env…).
   */
  document?: string | null;
  /** normalises an expectation before matching (http: header names to lower case) */
  prepare?(expected: unknown): unknown;
  send?(request: unknown): Promise<Answer>;
  sendRaw?(line: string): void;
  await?(waitMs: number): Promise<Call | undefined>;
  /** what the channel sent and received, shown with a failing exchange */
  traffic?: Traffic;
  close(): Promise<void>;
}
