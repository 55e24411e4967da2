// The colony's storage, small enough that a server database could replace SQLite behind it. Writes
// resolve only once committed (durable); reads see every committed write.

export type TrailState = "queued" | "indexed" | "merged" | "rejected";

export interface StoredTrail {
  id: string;
  fingerprint: string;
  status: TrailState;
  /** the trail exactly as accepted (its JSON text) */
  body: string;
  createdAt: string;
  strength: number;
  reports: number;
}

export interface NewTrail {
  id: string;
  fingerprint: string;
  body: string;
  createdAt: string;
}

export interface NewOutcome {
  trailId: string;
  outcome: string;
  body: string;
  createdAt: string;
}

export interface TrailStore {
  /** resolves once the trail is committed */
  addTrail(trail: NewTrail): Promise<void>;
  /** resolves with the trail's strength once the report is committed; undefined for an unknown trail */
  addOutcome(outcome: NewOutcome): Promise<number | undefined>;
  getTrail(id: string): StoredTrail | undefined;
  /** up to `limit` trails with this fingerprint, strongest first */
  byFingerprint(fingerprint: string, limit: number): StoredTrail[];
  /** finishes pending writes, then closes */
  close(): Promise<void>;
}

/** How an outcome moves a trail's strength: worked counts 1, partially 0.5, failed 0; not_applicable not at all. */
export const outcomeScore: Record<string, number | undefined> = {
  worked: 1,
  partially_worked: 0.5,
  failed: 0,
  not_applicable: undefined,
};

/** Laplace-smoothed success rate: 0.5 with no reports, always inside [0, 1]. */
export const strengthOf = (scoreSum: number, scored: number): number => (scoreSum + 1) / (scored + 2);
