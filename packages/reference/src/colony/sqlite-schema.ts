import Database from "better-sqlite3";
import type { Outcome } from "./group-commit.js";
import { type NewOutcome, type NewTrail, outcomeScore, strengthOf } from "./store.js";

const schema = `
CREATE TABLE IF NOT EXISTS trails (
  id TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued',
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  score_sum REAL NOT NULL DEFAULT 0,
  scored INTEGER NOT NULL DEFAULT 0,
  reports INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS trails_fingerprint ON trails (fingerprint);
CREATE TABLE IF NOT EXISTS outcomes (
  id INTEGER PRIMARY KEY,
  trail_id TEXT NOT NULL REFERENCES trails (id),
  outcome TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

/** One write: a trail to insert, or an outcome report to record (its result: the trail's new strength). */
export type WriteOp = { kind: "trail"; trail: NewTrail } | { kind: "outcome"; outcome: NewOutcome };

/**
 * What a 202 promises. `full`: the commit's WAL frames were fdatasync'd before the answer, so an accepted
 * write survives SIGKILL, an OS crash and power loss (as SQLite's synchronous=FULL, whose WAL commits sync
 * exactly that). `normal`: committed to the WAL (the OS holds it), so it survives the colony being killed,
 * SIGKILL included, not a crash of the machine.
 */
export type SyncMode = "full" | "normal";

/**
 * Open the database file: WAL, the tables. SQLite itself never syncs on a commit here (synchronous=NORMAL)
 * and never checkpoints on its own (wal_autocheckpoint=0): SqliteStore syncs the WAL before answering and
 * runs the checkpoints (see `checkpoint`), both without blocking the event loop on the disk.
 */
export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("wal_autocheckpoint = 0");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.exec(schema);
  return db;
}

/**
 * Copy the WAL's frames into the database file without syncing (synchronous=OFF for the copy only). The
 * caller must have synced the WAL before (a torn database page is repaired from it) and must sync the
 * database file before the next write, because that write restarts the WAL over the frames just copied.
 */
export function checkpoint(db: Database.Database): void {
  db.pragma("synchronous = OFF");
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } finally {
    db.pragma("synchronous = NORMAL");
  }
}

/** Commit a batch of writes in one transaction; each write's own failure is its result, not the batch's. */
export function batchWriter(db: Database.Database): (batch: WriteOp[]) => Outcome<number | null>[] {
  const insertTrail = db.prepare(
    "INSERT INTO trails (id, fingerprint, body, created_at) VALUES (@id, @fingerprint, @body, @createdAt)",
  );
  const insertOutcome = db.prepare(
    "INSERT INTO outcomes (trail_id, outcome, body, created_at) VALUES (@trailId, @outcome, @body, @createdAt)",
  );
  const score = db.prepare(
    "UPDATE trails SET score_sum = score_sum + ?, scored = scored + ?, reports = reports + 1 WHERE id = ? RETURNING score_sum, scored",
  );
  const apply = (op: WriteOp): number | null => {
    if (op.kind === "trail") {
      insertTrail.run(op.trail);
      return null;
    }
    const s = outcomeScore[op.outcome.outcome];
    const row = score.get(s ?? 0, s === undefined ? 0 : 1, op.outcome.trailId) as
      | { score_sum: number; scored: number }
      | undefined;
    if (row === undefined) return null;
    insertOutcome.run(op.outcome);
    return strengthOf(row.score_sum, row.scored);
  };
  return db.transaction((batch: WriteOp[]) =>
    batch.map((op): Outcome<number | null> => {
      try {
        return { ok: true, value: apply(op) };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    }),
  );
}
