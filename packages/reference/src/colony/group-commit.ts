export type Outcome<R> = { ok: true; value: R } | { ok: false; error: string };

export interface GroupCommitOptions<Op, R> {
  /** commit a batch in one transaction (synchronously); each op's own failure is its outcome */
  commit: (batch: Op[]) => Outcome<R>[];
  /** make every commit made so far durable; absent: a write settles once committed */
  persist?: () => Promise<void>;
  /** run between transactions after every `every` commits, with commits held until it is done */
  maintain?: { every: number; run: () => Promise<void> };
  /** after each durable batch: its size and the milliseconds spent committing and persisting */
  onBatch?: (stats: { writes: number; commitMs: number; persistMs: number }) => void;
}

/**
 * Group commit: writes queued in one turn of the event loop go into one transaction; then `persist` (an
 * fsync) runs off the event loop and each write settles only after it. Writes arriving meanwhile wait and
 * go into the next transaction, so one fsync answers every concurrent writer. A failed persist or
 * maintenance refuses every later write: what reached the disk is unknown (Linux may drop the pages).
 */
export class GroupCommit<Op, R> {
  private pending: { op: Op; resolve: (value: R) => void; reject: (error: Error) => void }[] = [];
  private scheduled = false;
  /** a persist or the maintenance is under way: commits wait for it */
  private busy = false;
  private commits = 0;
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
    if (!this.scheduled && !this.busy && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => (this.idle = resolve));
  }

  /** Commit on the next turn of the event loop, so what arrives in this one joins the transaction. */
  private schedule(): void {
    if (this.scheduled || this.busy) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.failed !== undefined) for (const p of this.pending.splice(0)) p.reject(this.failed);
    if (this.pending.length === 0) {
      this.settled();
      return;
    }
    const { commit, persist, maintain, onBatch } = this.options;
    if (maintain !== undefined && this.commits >= maintain.every) {
      this.commits = 0;
      this.hold(maintain.run());
      return;
    }
    const batch = this.pending;
    this.pending = [];
    const started = performance.now();
    let outcomes: Outcome<R>[];
    try {
      outcomes = commit(batch.map((p) => p.op));
      this.commits++;
    } catch (error) {
      for (const p of batch) p.reject(error as Error);
      this.flush();
      return;
    }
    const committed = performance.now();
    const settle = () => {
      onBatch?.({
        writes: batch.length,
        commitMs: committed - started,
        persistMs: performance.now() - committed,
      });
      batch.forEach((p, i) => {
        const o = outcomes[i];
        if (o?.ok) p.resolve(o.value);
        else p.reject(new Error(o?.error ?? "no outcome"));
      });
    };
    if (persist === undefined) {
      settle();
      this.settled();
      return;
    }
    this.hold(
      persist().then(settle, (error: Error) => {
        for (const p of batch) p.reject(error);
        throw error;
      }),
    );
  }

  /** Hold commits until `done`, then commit what queued up meanwhile. */
  private hold(done: Promise<void>): void {
    this.busy = true;
    done
      .catch((error: Error) => {
        this.failed ??= new Error(
          `the colony's disk could not be synced, writes are refused: ${error.message}`,
        );
      })
      .then(() => {
        this.busy = false;
        this.flush();
      });
  }

  private settled(): void {
    if (this.pending.length > 0) this.schedule();
    if (this.scheduled || this.busy) return;
    this.idle?.();
    this.idle = undefined;
  }
}
