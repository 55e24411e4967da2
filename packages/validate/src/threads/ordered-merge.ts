import type { PairNote } from "../check/correlate-notes.js";
import type { Pairing, PairTask } from "../check/correlate-pairs.js";
import type { PairJob } from "../check/correlate-replay.js";
import { answering, combine } from "../check/correlate-results.js";
import { countType, type DocumentResult, type FileResult, merge } from "../check/file-result.js";
import type { Lane } from "./lanes.js";
import type { Entry } from "./messages.js";

/** Sends a batch of pair judgements to a lane: their results, in the same order. */
export type SendPairs = (jobs: PairJob[]) => Promise<DocumentResult[]>;

/**
 * A file's results as they come back from the lanes, merged into its FileResult in file order. With
 * correlation, the notes of each batch are paired on the arrival of that batch (in file order, so pairing
 * matches one thread's); a response whose thread guessed its request right (the same method and request line)
 * keeps the judgement made there, the others' pair judgements go out to a lane as one batch, and the batch's results
 * wait for them: only its entries are held (verdicts and small notes, never documents).
 */
export class OrderedMerge {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly result: FileResult,
    private readonly strict: boolean,
    private readonly pairing: Pairing | undefined,
    private readonly send: SendPairs,
    private readonly progress?: (r: FileResult) => void,
  ) {}

  /**
   * The next batch's documents (`entries`: those not valid without findings), in file order; `types`, when the
   * lane counted every document's type (its entries then carry none).
   */
  add(
    entries: readonly Entry[],
    documents: number,
    job: (note: PairNote, task: PairTask) => PairJob,
    types?: Record<string, number>,
  ): void {
    const jobs: PairJob[] = [];
    const waiting: number[] = [];
    // a pair judgement guessed right, by entry
    const guessed = new Map<number, DocumentResult>();
    if (this.pairing !== undefined)
      for (const [i, { note }] of entries.entries()) {
        const task = note === undefined ? undefined : this.pairing.take(note);
        if (task === undefined || note === undefined) continue;
        const { guess } = note;
        if (
          guess !== undefined &&
          "method" in task &&
          guess.method === task.method &&
          guess.requestLine === task.requestLine
        )
          guessed.set(i, answering(guess.result, task));
        else {
          jobs.push(job(note, task));
          waiting.push(i);
        }
      }
    const checked = jobs.length === 0 ? undefined : this.send(jobs);
    checked?.catch(() => {}); // awaited in turn below; a failure must not also surface as unhandled
    this.chain = this.chain.then(async () => {
      const pairs = checked === undefined ? [] : await checked;
      let p = 0;
      this.result.documents += documents;
      for (const [type, n] of Object.entries(types ?? {})) countType(this.result.types, type, n);
      for (const [i, entry] of entries.entries()) {
        const pair = waiting[p] === i ? pairs[p++] : guessed.get(i);
        merge(this.result, pair === undefined ? entry.result : combine(entry.result, pair), this.strict);
      }
      this.progress?.(this.result);
    });
    this.chain.catch(() => {});
  }

  /** Resolves once every batch added so far is merged (rejects when a pair judgement failed). */
  done(): Promise<void> {
    return this.chain;
  }
}

/** Pair checks to the lanes in turn (those ready; the main thread always is). */
export function pairSender(pool: readonly Lane[]): SendPairs {
  let turn = 0;
  return async (jobs) => {
    const ready = pool.filter((lane) => lane.isReady);
    const reply = await (ready[turn++ % ready.length] as Lane).send({ pairs: jobs });
    if (!("pairs" in reply)) throw new Error("expected a pair reply from a validate lane");
    return reply.pairs;
  };
}
