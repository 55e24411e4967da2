// What crosses between the main thread and a validate worker thread (structured-cloned plain data). A leaf
// of the thread modules: lanes, the range reader and both schedulers import it, and it imports none of them.
import type { Finding } from "@keel/diagnostics";
import type { ProtocolContext } from "../check/context.js";
import type { PairNote } from "../check/correlate-notes.js";
import type { PairJob } from "../check/correlate-replay.js";
import type { DocumentResult } from "../check/file-result.js";
import type { CheckSettings } from "../check/make-check.js";
import type { Input, RawDocument } from "../input/raw-document.js";

/** A byte range [start, end) of a file of `size` bytes, read through a descriptor the main thread holds open. */
export interface ByteRange {
  fd: number;
  name: string;
  start: number;
  end: number;
  size: number;
  /** the bound on one line (default 64 MiB): a longer one is a finding and ends the file */
  limit?: number;
}

/**
 * The main thread's protocol context (the registry as loaded: workers skip reading and validating it again);
 * `correlate`: the run's files are correlated, so each line's pairing note comes back with its verdict.
 */
export interface WorkerSettings extends ProtocolContext {
  check: CheckSettings;
  correlate?: boolean;
}

/**
 * Lines handed over by the main thread (stdin), a byte range of a file a worker reads itself, or responses'
 * pair judgements (correlation: the main thread paired them, the lane reads and checks their results).
 */
export type Batch =
  | { kind: Input["kind"]; documents: RawDocument[] }
  | { range: ByteRange }
  | { pairs: PairJob[] };

/** A document of a range worth sending back: its verdict (findings, or invalid) or its pairing note. */
export interface Entry {
  result: DocumentResult;
  note?: PairNote;
}

/** What a worker found in a byte range: line numbers count from the range's first line. */
export interface RangeResult {
  /** newlines the range owns, to number the next range's lines */
  lines: number;
  documents: number;
  /** in file order; every other document of the range was valid without findings */
  entries: Entry[];
  notes: Finding[];
  /** documents checked per type, every document of the range (its entries carry none) */
  types: Record<string, number>;
}

export type BatchReply =
  | { results: DocumentResult[]; notes?: PairNote[] }
  | { range: RangeResult }
  | { pairs: DocumentResult[] }
  | { error: { message: string; code: string; exitCode: number } };
