/** What a channel answered to one request, as a golden exchange matches it. */
export interface Answer {
  /** the answer in the channel's shape, undefined when none came */
  value?: unknown;
  /** notifications tied to the request (rpc-stdio) */
  notifications?: unknown[];
  /** why no answer came */
  missing?: string;
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
  send?(request: unknown): Promise<Answer>;
  sendRaw?(line: string): void;
  await?(waitMs: number): Promise<Call | undefined>;
  close(): Promise<void>;
}
