import { Worker } from "node:worker_threads";
import { type ExitCode, KeelError } from "@keel/diagnostics";
import { type DocumentResult, type FileResult, merge } from "./check-file.js";
import type { CheckSettings } from "./make-check.js";
import { type Input, type RawDocument, readInput, type StdinFormat } from "./read-input.js";

export interface WorkerSettings {
  root: string;
  protocol: string;
  check: CheckSettings;
}

export interface Batch {
  kind: Input["kind"];
  documents: RawDocument[];
}

export type BatchReply =
  | { results: DocumentResult[] }
  | { error: { message: string; code: string; exitCode: number } };

const BATCH = 256;

/**
 * `--jobs N`: the main thread streams the file and hands batches of lines to N worker threads in turn;
 * at most 2 batches per worker are in flight (bounded memory), and replies are merged in file order.
 */
export async function checkFileParallel(
  file: string,
  cwd: string,
  settings: WorkerSettings,
  jobs: number,
  progress?: (r: FileResult) => void,
  stdinFormat?: StdinFormat,
): Promise<FileResult> {
  const input = readInput(file, cwd, stdinFormat);
  const result: FileResult = { file, documents: 0, invalid: 0, findings: [], frames: [] };
  const pool = Array.from({ length: jobs }, () => new Lane(settings));
  const inflight: Promise<DocumentResult[]>[] = [];
  const settle = async () => {
    const results = await (inflight.shift() as Promise<DocumentResult[]>);
    result.documents += results.length;
    for (const r of results) merge(result, r);
    if (progress !== undefined) progress(result);
  };
  try {
    let batch: RawDocument[] = [];
    let turn = 0;
    const send = async () => {
      inflight.push((pool[turn++ % jobs] as Lane).run({ kind: input.kind, documents: batch }));
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

/** One worker thread; it answers batches in the order they were sent. */
class Lane {
  private readonly worker: Worker;
  private readonly waiting: { resolve: (r: DocumentResult[]) => void; reject: (e: Error) => void }[] = [];

  constructor(settings: WorkerSettings) {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: settings });
    this.worker.on("message", (reply: BatchReply) => {
      const next = this.waiting.shift();
      if ("results" in reply) next?.resolve(reply.results);
      else
        next?.reject(
          new KeelError(reply.error.code, reply.error.message, {
            exitCode: reply.error.exitCode as ExitCode,
          }),
        );
    });
    this.worker.on("error", (error) => {
      for (const w of this.waiting.splice(0)) w.reject(error);
    });
  }

  run(batch: Batch): Promise<DocumentResult[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(batch);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
