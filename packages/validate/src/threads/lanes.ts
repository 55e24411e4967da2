import { Worker } from "node:worker_threads";
import { ExitCode, KeelError } from "@keel/diagnostics";
import { type Check, checkLine } from "../check/check-file.js";
import type { PairNote } from "../check/correlate-notes.js";
import { replayPair } from "../check/correlate-replay.js";
import type { Correlation } from "../check/correlation.js";
import { checkRange } from "./check-range.js";
import type { Batch, BatchReply, WorkerSettings } from "./messages.js";

/** What a lane checks with: the run's check, and its correlation when its files are correlated. */
export interface LaneWork {
  check: Check;
  correlation?: Correlation | undefined;
}

/** Somewhere a batch is checked: a worker thread, or the main thread between its other jobs. */
export interface Lane {
  /** batches worth keeping queued: a worker gets its next one while the main thread is busy */
  readonly depth: number;
  /** resolves true once the lane can take work, false when it never will (a worker that failed to start) */
  readonly ready: Promise<boolean>;
  readonly isReady: boolean;
  send(batch: Batch): Promise<BatchReply>;
  close(): Promise<void>;
}

/**
 * `--jobs N` uses the main thread and N − 1 workers, started once per run: the main thread has its check
 * built already and works while the workers load.
 */
export function lanes(settings: WorkerSettings, work: LaneWork, jobs: number): Lane[] {
  return [new LocalLane(work), ...Array.from({ length: jobs - 1 }, () => new WorkerLane(settings))];
}

/** What checking a batch gives, a failure included as data (it crosses a thread boundary). */
export function answer(batch: Batch, work: LaneWork): BatchReply {
  try {
    if ("range" in batch) return { range: checkRange(batch.range, work.check, work.correlation) };
    if ("pairs" in batch) {
      const { correlation } = work;
      if (correlation === undefined) throw new Error("expected a correlating lane for pair judgements");
      return { pairs: batch.pairs.map((job) => replayPair(job, correlation)) };
    }
    const notes: PairNote[] = [];
    const guess = work.correlation?.guesser();
    const results = batch.documents.map((doc, i) => {
      const { result, note, value } = checkLine(doc, batch.kind, work.check, work.correlation?.note, i);
      if (note !== undefined) {
        guess?.(note, value, doc);
        notes.push(note);
      }
      return result;
    });
    return notes.length === 0 ? { results } : { results, notes };
  } catch (error) {
    return {
      error: {
        message: (error as Error).message,
        code: error instanceof KeelError ? error.code : "validate/worker-failed",
        exitCode: error instanceof KeelError ? error.exitCode : ExitCode.Usage,
      },
    };
  }
}

const settled = (reply: BatchReply): Promise<BatchReply> =>
  "error" in reply
    ? Promise.reject(
        new KeelError(reply.error.code, reply.error.message, { exitCode: reply.error.exitCode as ExitCode }),
      )
    : Promise.resolve(reply);

/** The main thread: checks a batch once the current turn of the event loop is over. */
class LocalLane implements Lane {
  readonly depth = 1;
  readonly ready = Promise.resolve(true);
  readonly isReady = true;
  constructor(private readonly work: LaneWork) {}

  send(batch: Batch): Promise<BatchReply> {
    return new Promise<BatchReply>((resolve) => setImmediate(() => resolve(answer(batch, this.work)))).then(
      settled,
    );
  }

  async close(): Promise<void> {}
}

/** One worker thread; it says when it is ready, then answers batches in the order they were sent. */
class WorkerLane implements Lane {
  readonly depth = 2;
  readonly ready: Promise<boolean>;
  isReady = false;
  private readonly worker: Worker;
  private readonly waiting: { resolve: (r: BatchReply) => void; reject: (e: Error) => void }[] = [];
  private failure: KeelError | undefined;

  constructor(settings: WorkerSettings) {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: settings });
    let started: (ok: boolean) => void = () => {};
    this.ready = new Promise((resolve) => {
      started = resolve;
    });
    this.worker.on("message", (reply: BatchReply | { ready: true }) => {
      if ("ready" in reply) {
        this.isReady = true;
        return started(true);
      }
      const next = this.waiting.shift();
      if (next !== undefined) settled(reply).then(next.resolve, next.reject);
    });
    const fail = (why: string) => {
      this.failure ??= new KeelError("validate/worker-failed", `a validate worker thread ${why}`, {
        exitCode: ExitCode.Usage,
      });
      this.isReady = false;
      started(false);
      for (const w of this.waiting.splice(0)) w.reject(this.failure);
    };
    this.worker.on("error", (error) => fail(`failed: ${error.message}`));
    this.worker.on("exit", (code) => fail(`stopped (exit code ${code})`));
  }

  send(batch: Batch): Promise<BatchReply> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(batch);
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners("exit");
    // a worker still loading is not waited for: the process may end without it
    this.worker.unref();
    void this.worker.terminate();
  }
}
