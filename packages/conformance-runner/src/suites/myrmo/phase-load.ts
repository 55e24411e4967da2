import { type Problem, unanswered } from "../../verdicts.js";
import { pool } from "../kit/pool.js";
import { obj } from "../kit/values.js";
import { type Context, facts } from "./context.js";
import type { Fixture } from "./fixtures.js";
import { type Published, readBack } from "./phase-publish.js";

export const writers = 16;
export const perWriter = 50;
const retryStatuses = new Set<number>(facts.rateLimit.retryStatuses);

export interface Burst {
  published: Published[];
  /** answers that were neither a 202 nor a retried 429/503 */
  failures: string[];
  /** publishes keel stopped retrying: the colony asked to wait longer than keel's bound (not lost data) */
  gaveUp: string[];
  /** publishes keel stopped waiting for (`--timeout`): not judged */
  unanswered: string[];
  retried: number;
  latencies: number[];
}

/** A trail made distinct by its n-th variant (so a colony that deduplicates still stores each one). */
function variant(base: unknown, tag: string): unknown {
  const doc = structuredClone(base) as { problem: { summary: string } };
  doc.problem.summary = `${doc.problem.summary} [keel load ${tag}]`;
  return doc;
}

/**
 * `count` publishes from `writers` concurrent writers; a 429/503 is retried after its Retry-After, as long
 * as one wait stays within `ctx.capMs` and one publish's waits within 4 × `ctx.capMs` (`--timeout` raises
 * both). Past that keel gives up on the publish and says so: waiting is not losing data.
 */
export async function burst(ctx: Context, base: Fixture, count: number, tag: string): Promise<Burst> {
  const out: Burst = {
    published: [],
    failures: [],
    gaveUp: [],
    unanswered: [],
    retried: 0,
    latencies: [],
  };
  const items = Array.from({ length: count }, (_, i) => variant(base.document, `${tag}-${i}`));
  await pool(items, writers, async (document) => {
    let waited = 0;
    for (;;) {
      const r = await ctx.colony.channel.request({ method: "POST", path: "/v1/trails", body: document });
      out.latencies.push(r.ms);
      const a = r.response;
      if (a && retryStatuses.has(a.status)) {
        const header = Number(a.headers[facts.rateLimit.retryAfter.toLowerCase()] ?? 1);
        const ms = (Number.isFinite(header) && header >= 0 ? header : 1) * 1000;
        if (ms > ctx.capMs || waited + ms > 4 * ctx.capMs) {
          out.gaveUp.push(`${a.status} asked to wait ${ms / 1000} s after ${waited / 1000} s of waiting`);
          return;
        }
        out.retried++;
        waited += ms;
        await new Promise((res) => setTimeout(res, ms));
        continue;
      }
      const id = obj(a?.body)?.trail_id;
      if (a?.status === 202 && typeof id === "string")
        out.published.push({ id, fingerprint: undefined, document, text: JSON.stringify(document) });
      else if (r.timedOut) out.unanswered.push(`publish: ${r.missing}`);
      else out.failures.push(a ? `publish answered ${a.status}` : `publish: ${r.missing}`);
      return;
    }
  });
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

export interface ReadBack {
  /** trails lost or changed, each named */
  lost: string[];
  /** reads keel stopped waiting for: not judged */
  unanswered: string[];
}

/** Every 202 read back with the same content; the lost ones named, the unanswered apart. */
export async function readAll(ctx: Context, published: Published[], check: string): Promise<ReadBack> {
  const problems = await pool(published, writers, (p) => readBack(ctx, p, check));
  return {
    lost: problems.filter((p): p is string => typeof p === "string"),
    unanswered: problems.flatMap((p) => (p && typeof p === "object" ? [p.unanswered] : [])),
  };
}

/** The unanswered requests of a check that found nothing else, as its problem. */
export const unansweredOf = (what: string[]): Problem | undefined =>
  what.length === 0 ? undefined : unanswered(`${what.length} requests unanswered, first: ${what[0]}`);

export async function loadPhase(ctx: Context, base: Fixture): Promise<string> {
  const count = Math.min(writers * perWriter, ctx.maxRequests);
  ctx.watchHeaders = false;
  const b = await burst(ctx, base, count, "load");
  const { lost: missing, unanswered: unread } = await readAll(ctx, b.published, "myrmo/load-nothing-lost");
  ctx.watchHeaders = true;
  const sorted = [...b.latencies].sort((x, y) => x - y);
  const figures = `${count} publishes by ${writers} writers: ${b.published.length} accepted, ${b.retried} retried (429/503), ${b.gaveUp.length} given up, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
  const problem: Problem | undefined =
    b.failures.length > 0
      ? `${b.failures.length} publishes failed, first: ${b.failures[0]}`
      : missing.length > 0
        ? `${missing.length} of ${b.published.length} accepted trails lost or changed, first: ${missing[0]}`
        : unansweredOf([...b.unanswered, ...unread]);
  ctx.v.expect("myrmo/load-nothing-lost", problem, {
    expected: "every 202 retrievable, no 5xx",
    actual: figures,
  });
  if (b.gaveUp.length > 0)
    ctx.v.fail(
      "myrmo/load-nothing-lost",
      `keel gave up waiting on ${b.gaveUp.length} publishes (first: ${b.gaveUp[0]}); nothing was lost: raise --timeout (one wait at most ${ctx.capMs / 1000} s) to wait longer`,
      { actual: figures, rests: ["myrmo/retry-after-honoured"] },
    );
  return figures;
}
