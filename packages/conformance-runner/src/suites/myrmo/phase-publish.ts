import { checkTrail, validatePublishAccepted, validateTrailStatus } from "@keel/myrmo";
import { type Problem, unanswered } from "../../verdicts.js";
import { pool } from "../kit/pool.js";
import { json, obj } from "../kit/values.js";
import { carriesTrail, firstDifference } from "./content.js";
import { type Context, noAnswer, postText, send, sendPatient } from "./context.js";
import { examples, type Fixture, fixtures, openProbe } from "./fixtures.js";

export interface Published {
  id: string;
  fingerprint: unknown;
  document: unknown;
  /** the bytes published */
  text: string;
  statusUrl?: unknown;
}

/** POST one trail; the publish_accepted answer judged by myrmo/publish-valid. */
export async function publishOne(ctx: Context, f: Fixture): Promise<Published | undefined> {
  const r = await postText(ctx, "/v1/trails", f.text);
  const a = r.response;
  // a fixture that keel's own rules refuse (a diff that is not a unified diff…) is not valid by the seed's
  // words, whatever the schema says: the colony may refuse it
  const ruled = checkTrail(f.document).findings.filter((x) => x.severity === "error");
  if (ruled.length > 0 && a?.status === 400) {
    ctx.v.warn(
      "myrmo/publish-valid",
      `${f.name}: refused (400), rightly: keel's own rule ${ruled[0]?.code} refuses this fixture too`,
    );
    return undefined;
  }
  const open = openProbe(f);
  if (open && a?.status === 400) {
    ctx.v.warn(
      "myrmo/publish-valid",
      `${f.name}: refused (400); probe ${open}, which keel reads as valid and the specifications leave open`,
    );
    return undefined;
  }
  const answer = validatePublishAccepted(a?.body);
  const problem = !a
    ? noAnswer(f.name, r)
    : a.status !== 202
      ? `${f.name}: expected 202, found ${a.status}`
      : !answer.valid
        ? `${f.name}: the 202 is not a publish_accepted: ${answer.findings[0]?.pointer || "the body"} ${answer.findings[0]?.message}`
        : undefined;
  ctx.v.expect("myrmo/publish-valid", problem, {
    expected: "202 {trail_id, fingerprint, status: queued, status_url}",
    actual: a ? `${a.status} ${json(a.body)}` : r.missing,
  });
  const body = obj(a?.body);
  if (problem || !body) return undefined;
  const { trail_id: id, fingerprint, status_url: statusUrl } = body;
  return { id: String(id), fingerprint, document: f.document, text: f.text, statusUrl };
}

/** GET the trail's status; myrmo/status-content: 200, a valid trail_status, the trail as sent. */
export async function readBack(
  ctx: Context,
  p: Published,
  check = "myrmo/status-content",
): Promise<Problem | undefined> {
  const r = await sendPatient(ctx, { method: "GET", path: `/v1/trails/${encodeURIComponent(p.id)}` });
  const a = r.response;
  if (r.gaveUp) {
    // waiting longer than keel's bound is not losing the trail: said as such, a warning
    ctx.v.fail(check, `GET ${p.id}: keel gave up waiting (${r.gaveUp}); not read back: raise --timeout`, {
      rests: ["myrmo/retry-after-honoured"],
    });
    return undefined;
  }
  if (!a) return noAnswer(`GET ${p.id}`, r);
  if (a.status !== 200) return `GET ${p.id}: expected 200, found ${a.status} ${json(a.body)}`;
  const valid = validateTrailStatus(a.body);
  if (!valid.valid)
    return `GET ${p.id}: not a trail_status: ${valid.findings[0]?.pointer || "the body"} ${valid.findings[0]?.message}`;
  if (obj(a.body)?.status === "rejected") {
    ctx.v.warn(check, `GET ${p.id}: the colony rejected the trail after accepting it (content not compared)`);
    return undefined;
  }
  if (!carriesTrail(p.document, a.body))
    return `GET ${p.id}: the trail as sent is not in the answer (first difference at ${firstDifference(p.document, a.body) || "the top level"})`;
  return undefined;
}

export async function publishPhase(ctx: Context, concurrency: number): Promise<Published[]> {
  const [head, ...rest] = [...fixtures("trail", "valid"), ...examples("trail")];
  // the first trail alone, before the others: the fingerprint checks read it, and a colony may merge a
  // later trail of the same content into an earlier one; sent concurrently, which came first (and so
  // which one by-fingerprint lists) would depend on scheduling
  const first = head ? await publishOne(ctx, head) : undefined;
  const published = [first, ...(await pool(rest, concurrency, (f) => publishOne(ctx, f)))].filter(
    (p): p is Published => p !== undefined,
  );
  await pool(published, concurrency, async (p) => {
    const problem = await readBack(ctx, p);
    ctx.v.expect("myrmo/status-content", problem, { expected: "200 trail_status with the trail as sent" });
    await followStatusUrl(ctx, p);
  });
  if (published.length === 0) {
    const why = "no trail was accepted (myrmo/publish-valid)";
    for (const c of ["status-url", "status-content", "fingerprint-stable", "by-fingerprint"])
      ctx.v.skip(`myrmo/${c}`, why);
    return published;
  }
  await fingerprintPhase(ctx, published[0] as Published);
  return published;
}

/** status_url is relative to the colony (`/v1/trails/<id>`) or an absolute URL on it. */
async function followStatusUrl(ctx: Context, p: Published): Promise<void> {
  const url = String(p.statusUrl);
  const base = new URL(ctx.colony.channel.baseUrl);
  const target = new URL(url, base);
  const path = target.host === base.host ? target.pathname + target.search : undefined;
  const r = path ? await send(ctx, { method: "GET", path }) : undefined;
  const same = obj(r?.response?.body)?.trail_id;
  ctx.v.expect(
    "myrmo/status-url",
    !path
      ? `status_url ${url} points away from the colony`
      : r?.timedOut
        ? unanswered(`GET ${url}: ${r.missing}`)
        : r?.response?.status !== 200
          ? `GET ${url}: expected 200, found ${r?.response?.status ?? r?.missing}`
          : same !== undefined && same !== p.id
            ? `GET ${url} answers for trail ${json(same)}, not ${p.id}`
            : undefined,
    { expected: `200 for trail ${p.id}`, actual: url },
  );
}

async function fingerprintPhase(ctx: Context, first: Published): Promise<void> {
  const again = await publishOne(ctx, {
    name: "the first accepted trail, sent again",
    document: first.document,
    text: first.text,
  });
  if (!again) return ctx.v.skip("myrmo/fingerprint-stable", "the second publish was not accepted");
  ctx.v.expect(
    "myrmo/fingerprint-stable",
    again.fingerprint === first.fingerprint ? undefined : "the same trail got two fingerprints",
    { expected: json(first.fingerprint), actual: json(again.fingerprint) },
  );
  const fp = encodeURIComponent(String(first.fingerprint));
  const r = await send(ctx, { method: "GET", path: `/v1/trails/by-fingerprint/${fp}` });
  if (r.response?.status === 404)
    return ctx.v.skip(
      "myrmo/by-fingerprint",
      "the colony answers 404 for a fingerprint it just issued: route not served",
    );
  const listed = JSON.stringify(r.response?.body ?? "");
  ctx.v.expect(
    "myrmo/by-fingerprint",
    r.timedOut
      ? unanswered(`GET by-fingerprint: ${r.missing}`)
      : r.response?.status !== 200
        ? `expected 200, found ${r.response?.status ?? r.missing}`
        : !listed.includes(first.id) && !listed.includes(again.id)
          ? "neither trail published with this fingerprint is listed"
          : undefined,
    { expected: `a list naming ${first.id}`, actual: json(r.response?.body) },
  );
}
