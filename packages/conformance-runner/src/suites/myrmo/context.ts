import { registryEntry, validateErrorEnvelope } from "@keel/myrmo";
import type { HttpRequest, HttpResponse } from "../../channels/http/channel.js";
import { type Problem, unanswered, type Verdicts } from "../../verdicts.js";
import { json, type Obj, obj } from "../kit/values.js";
import type { Colony } from "./colony.js";

export const facts = registryEntry.facts.colony;

/** What the phases of the colony suite share. */
export interface Context {
  colony: Colony;
  v: Verdicts;
  /** publishes the load check sends at most */
  maxRequests: number;
  /** checks every answer's headers (off while the load check runs, where only loss counts) */
  watchHeaders: boolean;
  /** the most one request may take */
  timeoutMs: number;
  /** the most one wait may take (`--timeout` raises it): the longest Retry-After keel honours */
  capMs: number;
}

export interface Sent {
  response?: HttpResponse;
  missing?: string;
  /** keel stopped waiting (`--timeout`): not the colony's answer */
  timedOut?: true;
  ms: number;
}

/** No answer to `what`: a problem of the colony's, or keel's wait running out (the check is then blocked). */
export const noAnswer = (what: string, sent: Sent): Problem =>
  sent.timedOut ? unanswered(`${what}: ${sent.missing}`) : `${what}: no answer (${sent.missing})`;

/** Sends one request; every answer's Content-Type and RateLimit-* headers are judged on the way. */
export async function send(ctx: Context, req: HttpRequest): Promise<Sent> {
  const r = await ctx.colony.channel.request(req);
  if (r.response && ctx.watchHeaders) judgeHeaders(ctx.v, `${req.method} ${req.path}`, r.response);
  return r;
}

/**
 * `send`, honouring a 429/503's Retry-After as long as one wait stays within `ctx.capMs` and all of them
 * within 4 × `ctx.capMs` (`--timeout` raises both); past that, `gaveUp` says why keel stopped waiting.
 */
export async function sendPatient(ctx: Context, req: HttpRequest): Promise<Sent & { gaveUp?: string }> {
  let waited = 0;
  for (;;) {
    const r = await send(ctx, req);
    const a = r.response;
    if (!a || !(facts.rateLimit.retryStatuses as readonly number[]).includes(a.status)) return r;
    const header = Number(a.headers[facts.rateLimit.retryAfter.toLowerCase()] ?? 1);
    const ms = (Number.isFinite(header) && header >= 0 ? header : 1) * 1000;
    if (ms > ctx.capMs || waited + ms > 4 * ctx.capMs)
      return { ...r, gaveUp: `${a.status} asked to wait ${ms / 1000} s after ${waited / 1000} s of waiting` };
    waited += ms;
    await new Promise((res) => setTimeout(res, ms));
  }
}

/** POSTs a document as written: its bytes, never a re-serialisation (`3.0` and 2^64 stay; docs/dialects.md). */
export const postText = (ctx: Context, path: string, text: string): Promise<Sent> =>
  send(ctx, { method: "POST", path, headers: { "content-type": facts.mediaType }, body: text });

const mediaType = (h: Record<string, string>) =>
  (h["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();

export function judgeHeaders(v: Verdicts, what: string, r: HttpResponse): void {
  if (r.body !== undefined) {
    const type = mediaType(r.headers);
    v.expect(
      "myrmo/content-type",
      type === facts.mediaType
        ? undefined
        : `${what} answered ${r.status} with Content-Type ${type || "absent"}`,
      { expected: facts.mediaType, actual: r.headers["content-type"] ?? "absent" },
    );
  }
  const [limitName, remainingName, resetName] = facts.rateLimit.headers.map((h) => h.toLowerCase());
  const read = (name = "") => (r.headers[name] === undefined ? undefined : Number(r.headers[name]));
  const [limit, remaining, reset] = [read(limitName), read(remainingName), read(resetName)];
  const whole = (n: number | undefined) => n !== undefined && Number.isInteger(n) && n >= 0;
  const problem =
    limit === undefined || remaining === undefined || reset === undefined
      ? `${what} answered without ${facts.rateLimit.headers.filter((_, i) => [limit, remaining, reset][i] === undefined).join(", ")}`
      : !whole(limit) || !whole(remaining) || !whole(reset)
        ? `${what}: RateLimit-* are not non-negative integers`
        : remaining > limit
          ? `${what}: RateLimit-Remaining ${remaining} exceeds RateLimit-Limit ${limit}`
          : undefined;
  v.expect("myrmo/rate-limit-headers", problem, {
    expected: "RateLimit-Limit ≥ RateLimit-Remaining ≥ 0, RateLimit-Reset ≥ 0",
    actual: json(Object.fromEntries(facts.rateLimit.headers.map((h) => [h, r.headers[h.toLowerCase()]]))),
  });
}

/**
 * Judges an error answer: the status and code expected, a valid envelope (its own check). Returns the
 * problem for the calling check, or undefined.
 */
export function errorProblem(
  ctx: Context,
  what: string,
  sent: Sent,
  code: keyof typeof facts.errors.codes,
): Problem | undefined {
  const status = facts.errors.codes[code].status;
  const r = sent.response;
  if (!r) return noAnswer(what, sent);
  if (r.status >= 200 && r.status < 300) return `${what} was accepted (${r.status})`;
  const envelope = validateErrorEnvelope(r.body);
  const found = obj(obj(r.body)?.error)?.code;
  const known = typeof found === "string" ? (facts.errors.codes as Obj)[found] : undefined;
  // keel's colony schema bounds an error's strings (a message at 2,048 characters); the REST reference sets
  // no such cap, so a finding of those bounds alone rests on keel's reading: a warning
  const errors = envelope.findings.filter((f) => f.severity === "error");
  const keelOnly = errors.length > 0 && errors.every((f) => f.code === "schema/max-length");
  const first = errors[0] ?? envelope.findings[0];
  ctx.v.expect(
    "myrmo/error-envelope",
    !envelope.valid
      ? `${what}: ${first?.pointer || "the body"} ${first?.message ?? ""}`
      : known && (known as { status: number }).status !== r.status
        ? `${what}: code ${found} answered with ${r.status}, the registry says ${(known as { status: number }).status}`
        : undefined,
    {
      expected: "{error: {code, message, details?: [{path, message}]}}",
      actual: json(r.body),
      ...(keelOnly && !envelope.valid ? { rests: ["myrmo/error-message-bound"] } : {}),
    },
  );
  if (r.status !== status || found !== code)
    return `${what}: expected ${status} ${code}, found ${r.status} ${typeof found === "string" ? found : json(r.body)}`;
  return undefined;
}
