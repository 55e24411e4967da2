import type { Traffic } from "../channels/traffic.js";

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
