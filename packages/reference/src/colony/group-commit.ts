export type Outcome<R> = { ok: true; value: R } | { ok: false; error: string };

export interface GroupCommitOptions<Op, R> {
  /** commit a batch in one transaction (synchronously); each op's own failure is its outcome */
  commit: (batch: Op[]) => Outcome<R>[];
  /** make every commit made before the call durable; absent: a write settles once committed */
  persist?: () => Promise<void>;
  /** how many commits may be persisting at once (default 2); writes arriving meanwhile wait, batched */
  maxPersists?: number;
  /** run between transactions after every `every` commits, with commits held until it is done */
  maintain?: { every: number; run: () => Promise<void> };
  /**
   * after each settled batch: its size, the milliseconds its commit took, the persist that made it durable
   * took, and from its commit to its settling (a persist running before it included)
   */
  onBatch?: (stats: { writes: number; commitMs: number; persistMs: number; waitMs: number }) => void;
}

interface Waiter<Op, R> {
  op: Op;
  resolve: (value: R) => void;
  reject: (error: Error) => void;
}

/** A committed batch waiting for a persist that started after its commit. */
interface Unsynced<Op, R> {
  seq: number;
  batch: Waiter<Op, R>[];
  outcomes: Outcome<R>[];
  commitMs: number;
  committedAt: number;
}

/**
 * Group commit: the writes queued while fewer than `maxPersists` persists run go into one transaction on
 * the next turn of the event loop, and `persist` (an fdatasync, off the event loop) starts right after it,
 * covering every commit made before it started. With every persist slot taken, writes queue up and go
 * into one transaction as soon as a slot frees. A write settles when a persist that started after its
 * commit has finished (whichever ends first), so it waits for at most one persist before its commit and
 * one after. A failed persist or maintenance refuses every write not yet settled and every later one:
 * what reached the disk is unknown (Linux may drop the pages).
 */
export class GroupCommit<Op, R> {
  private pending: Waiter<Op, R>[] = [];
  private unsynced: Unsynced<Op, R>[] = [];
  private scheduled = false;
  private maintaining = false;
  private persisting = 0;
  /** commits made, and the last of them a started persist covers */
  private commits = 0;
  private covered = 0;
  private sinceMaintenance = 0;
  private failed: Error | undefined;
  private idle: (() => void) | undefined;

  constructor(private readonly options: GroupCommitOptions<Op, R>) {}

  /** Resolves once the op is committed (and persisted, when there is a persist). */
  write(op: Op): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ op, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once nothing is queued or under way. */
  drained(): Promise<void> {
    if (this.quiet()) return Promise.resolve();
    return new Promise((resolve) => (this.idle = resolve));
  }

  private quiet(): boolean {
    return (
      !this.scheduled &&
      !this.maintaining &&
      this.persisting === 0 &&
      this.pending.length === 0 &&
      this.unsynced.length === 0
    );
  }

  /** Commit on the next turn of the event loop, so what arrives in this one joins the transaction. */
  private schedule(): void {
    if (this.scheduled || this.maintaining || this.pending.length === 0 || this.slotsFull()) return;
    // maintenance waits for the running persists, whose completions schedule again
    if (this.maintenanceDue() && (this.persisting > 0 || this.unsynced.length > 0)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.failed !== undefined) for (const p of this.pending.splice(0)) p.reject(this.failed);
    const { commit, persist, maintain } = this.options;
    if (this.pending.length > 0 && maintain !== undefined && this.maintenanceDue()) {
      // only between transactions with nothing unsynced; else the persists' completions come back here
      if (this.persisting === 0 && this.unsynced.length === 0) this.maintain(maintain.run);
      this.settled();
      return;
    }
    if (this.pending.length === 0 || this.slotsFull()) {
      this.settled();
      return;
    }
    const batch = this.pending;
    this.pending = [];
    const started = performance.now();
    let outcomes: Outcome<R>[];
    try {
      outcomes = commit(batch.map((p) => p.op));
    } catch (error) {
      for (const p of batch) p.reject(error as Error);
      this.settled();
      return;
    }
    this.commits++;
    this.sinceMaintenance++;
    const committedAt = performance.now();
    const done = { seq: this.commits, batch, outcomes, commitMs: committedAt - started, committedAt };
    if (persist === undefined) this.settle(done, 0);
    else {
      this.unsynced.push(done);
      this.persist(persist);
    }
    this.settled();
  }

  /** every persist slot is taken: a commit now would wait for one anyway, so writes batch up instead */
  private slotsFull(): boolean {
    return this.options.persist !== undefined && this.persisting >= (this.options.maxPersists ?? 2);
  }

  private maintenanceDue(): boolean {
    const { maintain } = this.options;
    return maintain !== undefined && this.sinceMaintenance >= maintain.every;
  }

  /** Start a persist covering every commit so far (a slot is free: the commit just made took it). */
  private persist(persist: () => Promise<void>): void {
    if (this.failed !== undefined || this.covered === this.commits) return;
    const upTo = this.commits;
    this.covered = upTo;
    this.persisting++;
    const started = performance.now();
    persist()
      .then(
        () => {
          // batches committed before this persist started are durable, whichever persist ends first
          const took = performance.now() - started;
          while (this.unsynced.length > 0 && (this.unsynced[0] as Unsynced<Op, R>).seq <= upTo)
            this.settle(this.unsynced.shift() as Unsynced<Op, R>, took);
        },
        (error: Error) => this.fail(error),
      )
      .finally(() => {
        this.persisting--;
        this.flush(); // what queued up meanwhile commits at once, in the freed slot
      });
  }

  private settle(done: Unsynced<Op, R>, persistMs: number): void {
    this.options.onBatch?.({
      writes: done.batch.length,
      commitMs: done.commitMs,
      persistMs,
      waitMs: performance.now() - done.committedAt,
    });
    done.batch.forEach((p, i) => {
      const o = done.outcomes[i];
      if (o?.ok) p.resolve(o.value);
      else p.reject(new Error(o?.error ?? "no outcome"));
    });
  }

  /** Hold commits until the maintenance is done, then commit what queued up meanwhile. */
  private maintain(run: () => Promise<void>): void {
    this.sinceMaintenance = 0;
    this.maintaining = true;
    run()
      .catch((error: Error) => this.fail(error))
      .finally(() => {
        this.maintaining = false;
        this.flush();
      });
  }

  private fail(error: Error): void {
    this.failed ??= new Error(`the colony's disk could not be synced, writes are refused: ${error.message}`);
    for (const done of this.unsynced.splice(0)) for (const p of done.batch) p.reject(error);
  }

  private settled(): void {
    this.schedule();
    if (!this.quiet()) return;
    this.idle?.();
    this.idle = undefined;
  }
}
