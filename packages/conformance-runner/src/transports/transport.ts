import type { Exit } from "../process/launch.js";

export type { Exit };

/**
 * What the runner needs from a way of talking to an implementation. stdio-ndjson is the first; HTTP
 * (colony) and CLI (slipway) transports implement the same interface.
 */
export type LineKind = "request" | "response" | "notification" | "invalid";

/** One line (or message) received from the implementation, already parsed and classified. */
export interface Received {
  seq: number;
  at: number;
  raw: string;
  kind: LineKind;
  /** the parsed JSON, undefined when the line was not JSON */
  message?: unknown;
  /** why the line is invalid: not JSON, not an object, too long */
  problem?: string;
}

export interface Transport {
  /** Sends one message (or raw text, for malformed-input checks). False when the peer cannot take it. */
  send(message: unknown | { raw: string }): boolean;
  /** Called for every received line, in order. */
  onReceive(listener: (r: Received) => void): void;
  /** Closes the implementation's input (EOF) without killing it. */
  closeInput(): void;
  /** Resolves when the implementation exits, or after `ms` with undefined. */
  waitExit(ms: number): Promise<Exit | undefined>;
  /** The exit once it happened. */
  readonly exited: Exit | undefined;
  /** Whatever the implementation wrote to stderr (bounded). */
  stderr(): string;
  /** Kills the implementation and everything it started. */
  kill(): Promise<void>;
}
