// What crosses between the main thread and a validate worker thread (structured-cloned plain data). A leaf
// of the thread modules: lanes, the range reader and both schedulers import it, and it imports none of them.
import type { Finding } from "@keel/diagnostics";
import type { DocumentResult } from "../check/check-file.js";
import type { ProtocolContext } from "../check/context.js";
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

/** The main thread's protocol context (the registry as loaded: workers skip reading and validating it again). */
export interface WorkerSettings extends ProtocolContext {
  check: CheckSettings;
}

/** Lines handed over by the main thread (stdin), or a byte range of a file a worker reads itself. */
export type Batch = { kind: Input["kind"]; documents: RawDocument[] } | { range: ByteRange };

/** What a worker found in a byte range: line numbers count from the range's first line. */
export interface RangeResult {
  /** newlines the range owns, to number the next range's lines */
  lines: number;
  documents: number;
  invalid: number;
  findings: Finding[];
  frames: string[];
  notes: Finding[];
  /** documents checked per type */
  types: Record<string, number>;
}

export type BatchReply =
  | { results: DocumentResult[] }
  | { range: RangeResult }
  | { error: { message: string; code: string; exitCode: number } };
