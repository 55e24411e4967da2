import { validateOutcomeAccepted } from "@keel/myrmo";
import { unanswered } from "../../verdicts.js";
import { pool } from "../kit/pool.js";
import { withMembers } from "../kit/raw-json.js";
import { json, obj } from "../kit/values.js";
import { type Context, errorProblem, facts, noAnswer, postText } from "./context.js";
import { examples, type Fixture, fixtures, made, openProbe } from "./fixtures.js";
import { detailsProblem } from "./located.js";
import { keelOnlyReason } from "./stricter.js";

type Obj = Record<string, unknown>;
const route = facts.routes.find((r) => r.name === "outcome");
/** members the route takes as optional though the schema requires them (solution_id: the path names the trail) */
const optional = new Set(
  route && "requestOptional" in route ? (route.requestOptional as readonly string[]) : [],
);

/** The bytes sent to this trail's route: solution_id names the trail (or stays out), the rest as written. */
function forTrail(f: Fixture, id: string, keepSolutionId: boolean): string {
  const o = obj(f.document);
  if (!o || keepSolutionId || !("solution_id" in o)) return f.text;
  return withMembers(f.text, { "/solution_id": id }) ?? JSON.stringify({ ...o, solution_id: id });
}

export async function outcomePhase(ctx: Context, trailId: string, concurrency: number): Promise<void> {
  const path = `/v1/trails/${encodeURIComponent(trailId)}/outcomes`;
  const valid = [...fixtures("outcome_report", "valid"), ...examples("outcome_report")];
  const withoutId = valid.slice(0, 1).map((f) => {
    const { solution_id: _, ...rest } = f.document as Obj;
    // re-serialised (a member taken out), its probes kept: a lone surrogate survives as `\ud800`
    return { ...made(`${f.name} without solution_id`, rest), ...(f.probes ? { probes: f.probes } : {}) };
  });
  await pool([...valid, ...withoutId], concurrency, async (f) => {
    const r = await postText(ctx, path, forTrail(f, trailId, false));
    const a = r.response;
    const open = openProbe(f);
    if (open && a?.status === 400)
      return ctx.v.warn(
        "myrmo/outcome-accepted",
        `${f.name}: refused (400); probe ${open}, which keel reads as valid and the specifications leave open`,
      );
    const answer = validateOutcomeAccepted(a?.body);
    const strength = obj(a?.body)?.strength;
    ctx.v.expect(
      "myrmo/outcome-accepted",
      !a
        ? noAnswer(f.name, r)
        : a.status !== 202
          ? `${f.name}: expected 202, found ${a.status}`
          : !answer.valid || typeof strength !== "number" || strength < 0 || strength > 1
            ? `${f.name}: expected an outcome_accepted with strength in [0, 1], found ${json(a.body)}`
            : undefined,
      { expected: "202 {strength in [0, 1]}", actual: a ? `${a.status} ${json(a.body)}` : r.missing },
    );
  });
  const invalid = fixtures("outcome_report", "invalid").filter(
    (f) => !(f.keyword === "required" && optional.has(f.pointer ?? "")),
  );
  const other: Fixture = {
    ...made("an outcome whose solution_id names another trail", {
      ...(valid[0]?.document as Obj),
      solution_id: "00000000-0000-4000-8000-000000000000",
    }),
    pointer: "/solution_id",
  };
  await pool(invalid, concurrency, async (f) => {
    const atId = f.pointer === "/solution_id";
    // the fixture's bad solution_id names no trail here: this trail's id, spoilt the same way, stands in
    // (upper-cased; a dialect probe's trailing line end after it)
    const spoilt = (id: string) =>
      f.probes?.length
        ? id + String(obj(f.document)?.solution_id).replace(/^[0-9a-f-]*/i, "")
        : id.toUpperCase();
    const text =
      f.keyword === "pattern" && atId
        ? (withMembers(f.text, { "/solution_id": spoilt(trailId) }) ?? f.text)
        : forTrail(f, trailId, atId);
    const r = await postText(ctx, path, text);
    const lenient = keelOnlyReason(f);
    const status = r.response?.status ?? 0;
    if (lenient && status === 202)
      return ctx.v.warn("myrmo/outcome-invalid", `${f.name} accepted: ${lenient}, upstream does not`);
    const problem =
      errorProblem(ctx, f.name, r, "invalid_trail") ??
      detailsProblem(r.response?.body, facts.errors.detailsMax);
    ctx.v.expect("myrmo/outcome-invalid", problem, {
      expected: `400 invalid_trail with details (${f.pointer || "the root"} ${f.keyword ?? ""})`,
      actual: r.response ? `${status} ${json(r.response.body)}` : r.missing,
    });
  });
  await otherTrail(ctx, path, other);
}

/**
 * A schema-valid outcome whose solution_id names another trail: the documents do not say which code refuses
 * it, so keel wants a 400 (invalid_trail or invalid_request, details optional) and only warns otherwise.
 */
async function otherTrail(ctx: Context, path: string, f: Fixture): Promise<void> {
  const r = await postText(ctx, path, f.text);
  const a = r.response;
  const code = obj(obj(a?.body)?.error)?.code;
  const refused = a?.status === 400 && (code === "invalid_trail" || code === "invalid_request");
  ctx.v.expect(
    "myrmo/outcome-invalid",
    refused
      ? undefined
      : r.timedOut
        ? unanswered(`${f.name}: ${r.missing}`)
        : `${f.name}: expected 400 invalid_trail or invalid_request, found ${a ? a.status : r.missing}`,
    {
      expected: "400 invalid_trail or invalid_request",
      actual: a ? `${a.status} ${json(a.body)}` : r.missing,
      rests: ["myrmo/outcome-other-trail"],
    },
  );
}
