import { pool } from "../kit/pool.js";
import { json } from "../kit/values.js";
import { type Context, errorProblem, facts, postText, send } from "./context.js";
import { examples, fixtures } from "./fixtures.js";
import { detailsProblem, locatedProblem } from "./located.js";
import { keelOnlyReason, ruleProbes } from "./stricter.js";

const trails = "/v1/trails";

/** Every invalid trail fixture → 400 invalid_trail, details located; keel-only bounds and rules warn. */
export async function rejectPhase(ctx: Context, concurrency: number): Promise<void> {
  await pool(fixtures("trail", "invalid"), concurrency, async (f) => {
    const r = await postText(ctx, trails, f.text);
    const status = r.response?.status ?? 0;
    const lenient = keelOnlyReason(f);
    if (lenient && status >= 200 && status < 300)
      return ctx.v.warn(
        "myrmo/reject-invalid",
        `${f.name} accepted (${status}): ${lenient}, upstream does not`,
      );
    const problem =
      errorProblem(ctx, f.name, r, "invalid_trail") ??
      detailsProblem(r.response?.body, facts.errors.detailsMax);
    ctx.v.expect("myrmo/reject-invalid", problem, {
      expected: `400 invalid_trail (the schema refuses ${f.pointer || "the root"} by ${f.keyword})`,
      actual: r.response ? `${status} ${json(r.response.body)}` : r.missing,
    });
    if (problem) return;
    const where = locatedProblem(r.response?.body, f.pointer ?? "", f.keyword);
    ctx.v.expect("myrmo/details-located", where && `${f.name}: ${where}`, {
      expected: `a detail at ${JSON.stringify(f.pointer)} (${f.keyword})`,
      actual: json(r.response?.body),
    });
  });
  const base = examples("trail").find((e) => e.name.endsWith("minimal.json"));
  for (const probe of base ? ruleProbes(base) : []) {
    const r = await postText(ctx, trails, probe.text);
    if (r.response?.status === 202)
      ctx.v.warn(
        "myrmo/reject-invalid",
        `${probe.name} accepted: keel's rules are advice, the protocol demands the schema`,
      );
  }
}

/** Malformed and non-object bodies, the size limit, unknown routes and ids. */
export async function requestErrorPhase(ctx: Context, validTrail: unknown): Promise<void> {
  const raw = (body: string) =>
    send(ctx, { method: "POST", path: trails, headers: { "content-type": "application/json" }, body });
  for (const text of ['{"protocol_version": "1.0",', "not json", ""]) {
    const p = errorProblem(ctx, `malformed body ${JSON.stringify(text)}`, await raw(text), "invalid_request");
    ctx.v.expect("myrmo/malformed-json", p, { expected: "400 invalid_request" });
  }
  for (const text of ["[]", '"a trail"', "42", "null", "true", JSON.stringify([validTrail])]) {
    const r = await raw(text);
    const p =
      errorProblem(ctx, `body ${text.slice(0, 40)}`, r, "invalid_trail") ??
      detailsProblem(r.response?.body, facts.errors.detailsMax);
    ctx.v.expect("myrmo/not-a-trail", p, {
      expected: "400 invalid_trail with details",
      actual: json(r.response?.body),
    });
  }
  const over = { ...(validTrail as object), padding: "x".repeat(facts.bodyLimitBytes) };
  const big = await send(ctx, { method: "POST", path: trails, body: over });
  ctx.v.expect(
    "myrmo/too-large",
    errorProblem(ctx, `a ${facts.bodyLimitBytes + 1000}-byte body`, big, "too_large"),
    {
      expected: "413 too_large",
      actual: big.response ? `${big.response.status} ${json(big.response.body)}` : big.missing,
    },
  );
  for (const [method, path] of [
    ["GET", "/v1/no-such-route"],
    ["POST", "/v1/nothing"],
    ["GET", "/v2/trails"],
  ] as const) {
    const p = errorProblem(ctx, `${method} ${path}`, await send(ctx, { method, path }), "not_found");
    ctx.v.expect("myrmo/unknown-route", p, { expected: "404 not_found" });
  }
  const unknown = "00000000-0000-4000-8000-000000000000";
  const get = errorProblem(
    ctx,
    `GET ${trails}/${unknown}`,
    await send(ctx, { method: "GET", path: `${trails}/${unknown}` }),
    "not_found",
  );
  ctx.v.expect("myrmo/unknown-trail", get, { expected: "404 not_found" });
  const outcome = {
    protocol_version: "1.0",
    outcome: "worked",
    agent_info: { model: "gpt-5", framework: "custom" },
  };
  const post = await send(ctx, { method: "POST", path: `${trails}/${unknown}/outcomes`, body: outcome });
  ctx.v.expect("myrmo/unknown-trail", errorProblem(ctx, `POST outcomes of ${unknown}`, post, "not_found"), {
    expected: "404 not_found",
  });
}
