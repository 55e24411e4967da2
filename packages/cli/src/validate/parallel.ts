import type { Finding } from "@keel/diagnostics";
import type { Registry } from "@keel/schema-model";
import { type Check, type DocumentResult, type FileResult, merge } from "./check-file.js";
import { type Lane, lanes } from "./lanes.js";
import type { CheckSettings } from "./make-check.js";
import { checkRangesParallel } from "./parallel-ranges.js";
import { type Input, type RawDocument, readInput, type StdinFormat } from "./read-input.js";

export interface WorkerSettings {
  root: string;
  /** the registry as the main thread loaded it (workers skip reading and validating it again) */
  registry: Registry;
  protocol: string;
  check: CheckSettings;
}

/** Lines handed over by the main thread (stdin), or a byte range of a file a worker reads itself. */
export type Batch =
  | { kind: Input["kind"]; documents: RawDocument[] }
  | { range: { path: string; start: number; end: number; size: number } };

/** What a worker found in a byte range: line numbers count from the range's first line. */
export interface RangeResult {
  /** newlines the range owns, to number the next range's lines */
  lines: number;
  documents: number;
  invalid: number;
  findings: Finding[];
  frames: string[];
  notes: Finding[];
}

export type BatchReply =
  | { results: DocumentResult[] }
  | { range: RangeResult }
  | { error: { message: string; code: string; exitCode: number } };

const BATCH = 256;

/**
 * `--jobs N`: a JSON Lines file is cut into byte ranges that N worker threads read and check themselves
 * (the main thread only merges, renumbering lines); stdin is streamed by the main thread in batches of
 * lines. Either way at most 2 tasks per worker are in flight (bounded memory) and results keep file order.
 */
export async function checkFileParallel(
  file: string,
  cwd: string,
  settings: WorkerSettings,
  check: Check,
  jobs: number,
  progress?: (r: FileResult) => void,
  stdinFormat?: StdinFormat,
): Promise<FileResult> {
  return file === "-"
    ? checkStreamParallel(file, cwd, settings, check, jobs, progress, stdinFormat)
    : checkRangesParallel(file, cwd, settings, check, jobs, progress);
}

async function checkStreamParallel(
  file: string,
  cwd: string,
  settings: WorkerSettings,
  check: Check,
  jobs: number,
  progress?: (r: FileResult) => void,
  stdinFormat?: StdinFormat,
): Promise<FileResult> {
  const input = readInput(file, cwd, stdinFormat);
  const result: FileResult = { file, documents: 0, invalid: 0, findings: [], frames: [] };
  const pool = lanes(settings, check, jobs);
  const inflight: Promise<BatchReply>[] = [];
  const settle = async () => {
    const reply = await (inflight.shift() as Promise<BatchReply>);
    if (!("results" in reply)) throw new Error("expected a batch reply from a validate worker");
    const results = reply.results;
    result.documents += results.length;
    for (const r of results) merge(result, r);
    if (progress !== undefined) progress(result);
  };
  try {
    let batch: RawDocument[] = [];
    let turn = 0;
    const send = async () => {
      inflight.push((pool[turn++ % jobs] as Lane).send({ kind: input.kind, documents: batch }));
      batch = [];
      if (inflight.length >= 2 * jobs) await settle();
    };
    for (const doc of input.documents) {
      batch.push(doc);
      if (batch.length === BATCH) await send();
    }
    if (batch.length > 0) await send();
    while (inflight.length > 0) await settle();
  } finally {
    await Promise.all(pool.map((lane) => lane.close()));
  }
  for (const note of input.notes) merge(result, { valid: true, findings: [note], frames: [""] });
  return result;
}
