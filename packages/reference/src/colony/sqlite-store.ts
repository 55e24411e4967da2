import Database from "better-sqlite3";
import {
  type NewOutcome,
  type NewTrail,
  outcomeScore,
  type StoredTrail,
  strengthOf,
  type TrailStore,
} from "./store.js";

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
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * SQLite in one file (WAL, synchronous FULL: a commit is on disk before it returns). Writes arriving in
 * the same turn of the event loop are committed together in one transaction (group commit), so one fsync
 * covers every concurrent writer; each write's promise settles only after that commit.
 */
export class SqliteStore implements TrailStore {
  private readonly db: Database.Database;
  private pending: Pending[] = [];
  private scheduled = false;
  private readonly insertTrail: Database.Statement;
  private readonly insertOutcome: Database.Statement;
  private readonly scoreTrail: Database.Statement;
  private readonly selectTrail: Database.Statement;
  private readonly selectByFingerprint: Database.Statement;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(schema);
    this.insertTrail = this.db.prepare(
      "INSERT INTO trails (id, fingerprint, body, created_at) VALUES (@id, @fingerprint, @body, @createdAt)",
    );
    this.insertOutcome = this.db.prepare(
      "INSERT INTO outcomes (trail_id, outcome, body, created_at) VALUES (@trailId, @outcome, @body, @createdAt)",
    );
    this.scoreTrail = this.db.prepare(
      "UPDATE trails SET score_sum = score_sum + ?, scored = scored + ?, reports = reports + 1 WHERE id = ? RETURNING *",
    );
    this.selectTrail = this.db.prepare("SELECT * FROM trails WHERE id = ?");
    this.selectByFingerprint = this.db.prepare("SELECT * FROM trails WHERE fingerprint = ?");
  }

  addTrail(trail: NewTrail): Promise<void> {
    return this.write(() => {
      this.insertTrail.run(trail);
    });
  }

  addOutcome(outcome: NewOutcome): Promise<number | undefined> {
    return this.write(() => {
      const score = outcomeScore[outcome.outcome];
      const row = this.scoreTrail.get(score ?? 0, score === undefined ? 0 : 1, outcome.trailId) as
        | Row
        | undefined;
      if (row === undefined) return undefined;
      this.insertOutcome.run(outcome);
      return strengthOf(row.score_sum, row.scored);
    });
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
    if (this.pending.length > 0) this.flush();
    this.db.close();
  }

  private write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run, resolve: resolve as (v: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    });
  }

  /** Commit everything queued in one transaction, then settle each write. */
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const results: { ok: boolean; value: unknown }[] = [];
    try {
      this.db.transaction(() => {
        for (const p of batch) {
          try {
            results.push({ ok: true, value: p.run() });
          } catch (error) {
            results.push({ ok: false, value: error });
          }
        }
      })();
      batch.forEach((p, i) => {
        const r = results[i] as { ok: boolean; value: unknown };
        if (r.ok) p.resolve(r.value);
        else p.reject(r.value);
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}
