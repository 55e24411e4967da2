import type { OutcomeAccepted, PublishAccepted, TrailStatus } from "@keel/myrmo";
import { Refusal } from "./errors.js";
import { fingerprint } from "./fingerprint.js";
import { parseObject } from "./parse.js";
import type { StoredTrail, TrailStore } from "./store.js";
import { newTrailId } from "./trail-id.js";
import { checkOutcome, checkTrail } from "./validate.js";

export interface Answer {
  status: number;
  body: unknown;
}

const byFingerprintLimit = 5;
const statusUrl = (id: string) => `/v1/trails/${id}`;
const unknownTrail = (id: string) =>
  new Refusal("not_found", `expected a known trail id, found ${JSON.stringify(id)}`);

/**
 * POST /v1/trails: validate, commit, then 202 (never before the row is committed). The trail is kept as
 * the text it was sent in (the GET parses it back to the same document), not serialised again.
 */
export async function publish(store: TrailStore, body: Buffer): Promise<Answer> {
  const { document: trail, text } = parseObject(body);
  checkTrail(trail);
  const now = Date.now();
  const id = newTrailId(now);
  const fp = fingerprint(trail);
  await store.addTrail({ id, fingerprint: fp, body: text, createdAt: new Date(now).toISOString() });
  const answer: PublishAccepted = {
    trail_id: id,
    fingerprint: fp,
    status: "queued",
    status_url: statusUrl(id),
  };
  return { status: 202, body: answer };
}

/** GET /v1/trails/{id}: `{trail_id, status, fingerprint, strength, reports, created_at, trail}`. */
export function status(store: TrailStore, id: string): Answer {
  const t = store.getTrail(id);
  if (t === undefined) throw unknownTrail(id);
  return { status: 200, body: statusOf(t) };
}

function statusOf(t: StoredTrail): TrailStatus {
  return {
    trail_id: t.id,
    status: t.status,
    fingerprint: t.fingerprint,
    strength: t.strength,
    reports: t.reports,
    created_at: t.createdAt,
    trail: JSON.parse(t.body),
  };
}

/** POST /v1/trails/{id}/outcomes: 404 for an unknown trail, else validate, commit, 202 with the strength. */
export async function outcome(store: TrailStore, id: string, body: Buffer): Promise<Answer> {
  if (store.getTrail(id) === undefined) throw unknownTrail(id);
  const report = checkOutcome(parseObject(body).document, id);
  const strength = await store.addOutcome({
    trailId: id,
    outcome: String(report.outcome),
    body: JSON.stringify(report),
    createdAt: new Date().toISOString(),
  });
  if (strength === undefined) throw unknownTrail(id);
  const answer: OutcomeAccepted = { trail_id: id, strength };
  return { status: 202, body: answer };
}

/** GET /v1/trails/by-fingerprint/{fp}: up to 5 trails, strongest first; 404 when none. */
export function byFingerprint(store: TrailStore, fp: string): Answer {
  const trails = store.byFingerprint(fp, byFingerprintLimit);
  if (trails.length === 0)
    throw new Refusal("not_found", `expected trails with fingerprint ${JSON.stringify(fp)}, found none`);
  const listed = trails.map((t) => ({
    trail_id: t.id,
    status: t.status,
    strength: t.strength,
    status_url: statusUrl(t.id),
  }));
  return { status: 200, body: { fingerprint: fp, trails: listed } };
}
