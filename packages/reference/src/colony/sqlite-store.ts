import type Database from "better-sqlite3";
import { DiskSync, type Fdatasync } from "./disk-sync.js";
import { GroupCommit, type GroupCommitOptions } from "./group-commit.js";
import { batchWriter, checkpoint, openDatabase, type SyncMode, type WriteOp } from "./sqlite-schema.js";
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

/** Checkpoint after this many commits: about SQLite's default of 1000 WAL pages for publish-sized batches. */
export const commitsPerCheckpoint = 250;

export interface SqliteStoreOptions {
  /** fdatasync(2) by default; a test may hold it to see that nothing is answered before the disk is */
  datasync?: Fdatasync;
  /** how many WAL syncs may run at once (GroupCommit's maxPersists) */
  maxSyncs?: number;
  onBatch?: GroupCommitOptions<WriteOp, number | null>["onBatch"];
}

/**
 * SQLite in one file (WAL), one connection on the event loop's thread: a commit only hands pages to the
 * OS (microseconds); the waits on the disk (DiskSync) run on libuv's pool, so parsing, validating and the
 * next commits go on meanwhile. Writes are group-committed (GroupCommit); with `full` each settles after a
 * WAL sync that started after its transaction (up to two run at once, so a commit made during a sync
 * starts its own at once). Reads see a commit as soon as it is made, one sync before it is answered (an
 * unanswered trail's id is known to nobody; a by-fingerprint listing or a strength may show it early).
 *
 * Checkpoints (every `commitsPerCheckpoint` commits, between transactions): sync the WAL, copy it into the
 * database file, sync that file, and only then let the next write restart the WAL over the copied frames.
 */
export class SqliteStore implements TrailStore {
  private readonly db: Database.Database;
  private readonly disk: DiskSync | undefined;
  private readonly writes: GroupCommit<WriteOp, number | null>;
  private readonly selectTrail: Database.Statement;
  private readonly selectByFingerprint: Database.Statement;

  constructor(file: string, sync: SyncMode = "full", options: SqliteStoreOptions = {}) {
    this.db = openDatabase(file);
    const disk = this.db.memory ? undefined : new DiskSync(this.db.name, options.datasync);
    this.disk = disk;
    this.writes = new GroupCommit({
      commit: batchWriter(this.db),
      persist: disk !== undefined && sync === "full" ? () => disk.wal() : undefined,
      maxPersists: options.maxSyncs,
      maintain: disk && {
        every: commitsPerCheckpoint,
        run: async () => {
          await disk.wal();
          checkpoint(this.db);
          await disk.db();
        },
      },
      onBatch: options.onBatch,
    });
    this.selectTrail = this.db.prepare("SELECT * FROM trails WHERE id = ?");
    this.selectByFingerprint = this.db.prepare("SELECT * FROM trails WHERE fingerprint = ?");
  }

  async addTrail(trail: NewTrail): Promise<void> {
    await this.writes.write({ kind: "trail", trail });
  }

  async addOutcome(outcome: NewOutcome): Promise<number | undefined> {
    return (await this.writes.write({ kind: "outcome", outcome })) ?? undefined;
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
    await this.writes.drained();
    this.disk?.close();
    this.db.pragma("synchronous = FULL"); // closing checkpoints the WAL into the file and deletes it: synced
    this.db.close();
  }
}
