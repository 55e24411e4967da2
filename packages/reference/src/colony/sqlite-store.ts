import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { batchWriter, openDatabase, type SyncMode, type WriteOp, type WriteResult } from "./sqlite-schema.js";
import type { NewOutcome, NewTrail, StoredTrail, TrailStore } from "./store.js";
import { strengthOf } from "./store.js";

interface Row {
  id: string;
  fingerprint: string;
  status: StoredTrail["status"];
  body: string;
  created_at: string;
  score_sum: number;
  scored: number;
  reports: number;
}

const toTrail = (r: Row): StoredTrail => ({
  id: r.id,
  fingerprint: r.fingerprint,
  status: r.status,
  body: r.body,
  createdAt: r.created_at,
  strength: strengthOf(r.score_sum, r.scored),
  reports: r.reports,
});

interface Pending {
  op: WriteOp;
  resolve: (value: number | null) => void;
  reject: (error: Error) => void;
}

/**
 * SQLite in one file (WAL; synchronous FULL by default, see SyncMode). Reads run on this thread; writes are
 * group-committed by a writer thread: everything queued while a commit is under way goes into the next
 * transaction, so one fsync covers every concurrent writer and no request waits on the disk while it is
 * being parsed. A write settles only after its transaction committed. `:memory:` (one connection only) and
 * `--sync normal` (a commit without an fsync costs less than handing it to a thread) commit on this
 * thread, batched the same way.
 */
export class SqliteStore implements TrailStore {
  private readonly db: Database.Database;
  private readonly commit: (batch: WriteOp[]) => Promise<WriteResult[]>;
  private readonly worker: Worker | undefined;
  private pending: Pending[] = [];
  private busy = false;
  private idle: (() => void) | undefined;
  private readonly selectTrail: Database.Statement;
  private readonly selectByFingerprint: Database.Statement;

  constructor(file: string, sync: SyncMode = "full") {
    this.db = openDatabase(file, sync);
    if (file === ":memory:" || sync === "normal") {
      const write = batchWriter(this.db);
      this.worker = undefined;
      this.commit = async (batch) => write(batch);
    } else {
      const worker = new Worker(new URL("./sqlite-writer.js", import.meta.url), {
        workerData: { file, sync },
      });
      this.worker = worker;
      this.commit = (batch) =>
        new Promise((resolve, reject) => {
          const fail = (error: Error) => reject(error);
          worker.once("error", fail);
          worker.once("message", (results: WriteResult[]) => {
            worker.off("error", fail);
            resolve(results);
          });
          worker.postMessage(batch);
        });
    }
    this.selectTrail = this.db.prepare("SELECT * FROM trails WHERE id = ?");
    this.selectByFingerprint = this.db.prepare("SELECT * FROM trails WHERE fingerprint = ?");
  }

  async addTrail(trail: NewTrail): Promise<void> {
    await this.write({ kind: "trail", trail });
  }

  async addOutcome(outcome: NewOutcome): Promise<number | undefined> {
    return (await this.write({ kind: "outcome", outcome })) ?? undefined;
  }

  getTrail(id: string): StoredTrail | undefined {
    const row = this.selectTrail.get(id) as Row | undefined;
    return row && toTrail(row);
  }

  byFingerprint(fingerprint: string, limit: number): StoredTrail[] {
    const rows = (this.selectByFingerprint.all(fingerprint) as Row[]).map(toTrail);
    rows.sort((a, b) => b.strength - a.strength || a.createdAt.localeCompare(b.createdAt));
    return rows.slice(0, limit);
  }

  async close(): Promise<void> {
    if (this.busy || this.pending.length > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    if (this.worker !== undefined) {
      const exited = new Promise((resolve) => this.worker?.once("exit", resolve));
      this.worker.postMessage("close");
      await exited;
    }
    this.db.close();
  }

  private write(op: WriteOp): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ op, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => this.flush()); // gather what arrives in this turn of the event loop
      }
    });
  }

  /** Commit everything queued in one transaction, settle each write, then the next batch if any. */
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.commit(batch.map((p) => p.op)).then(
      (results) => {
        batch.forEach((p, i) => {
          const r = results[i];
          if (r?.ok) p.resolve(r.value);
          else p.reject(new Error(r?.error ?? "no result"));
        });
        this.next();
      },
      (error: Error) => {
        for (const p of batch) p.reject(error);
        this.next();
      },
    );
  }

  private next(): void {
    if (this.pending.length > 0) {
      this.flush();
      return;
    }
    this.busy = false;
    this.idle?.();
    this.idle = undefined;
  }
}
