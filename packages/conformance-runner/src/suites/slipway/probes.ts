import { join } from "node:path";
import { json, type Obj, obj } from "../kit/values.js";
import { type Context, call } from "./caller.js";
import { expectRefused, same } from "./follow.js";
import { outcome, text } from "./outcomes.js";
import type { Submitted } from "./run-to-end.js";

/** An action id no slipway issued (the recording's). */
export const NEVER_ISSUED = "00000000-0000-4000-8000-000000000000";

const withAction = (argv: string[], id: string) => argv.map((w, i) => (argv[i - 1] === "--action" ? id : w));
const withFile = (argv: string[], file: string) => [...argv.slice(0, -1), file];

/** Submits `body` (an object: jq's two-space form; a string: those bytes) for `action` in a fresh file. */
async function submit(
  ctx: Context,
  done: Submitted,
  name: string,
  action: string,
  body: unknown,
  current?: string,
) {
  const file = join(ctx.w.session, `${name}.json`);
  const bytes = typeof body === "string" ? body : text(body);
  const argv = withFile(withAction(done.argv, action), file);
  return call(ctx, argv, { files: { [file]: bytes }, ...(current ? { current } : {}) });
}

/** Recorded steps 03–05e: the orient outcome again, changed, re-serialized; a never-issued id; bad outcomes. */
export async function afterOrient(ctx: Context, done: Submitted): Promise<void> {
  const before = done.answer.doc as Obj;
  const current = String(obj(before.action)?.action_id ?? "");
  const orient = JSON.parse(done.body) as Obj;
  const again = await call(ctx, done.argv, { files: { [done.file]: done.body } });
  ctx.v.expect(
    "slipway/idempotent-resubmit",
    again.exit !== 0
      ? `the identical orient outcome again failed (exit ${again.exit}): ${json(again.error ?? again.r.stdout)}`
      : !same(again.doc, before)
        ? "the identical orient outcome again answered a different document (a new action?)"
        : undefined,
    { expected: json(before), actual: json(again.doc ?? again.error) },
  );
  const conflict = "slipway/outcome-conflict";
  const changed = await submit(
    ctx,
    done,
    "04-orient-different",
    done.actionId,
    { ...orient, summary: "Different summary." },
    current,
  );
  expectRefused(ctx, conflict, "different bytes for the answered orient", changed, "outcome_conflict", 3);
  const compact = await submit(
    ctx,
    done,
    "04b-orient-compact",
    done.actionId,
    `${JSON.stringify(orient)}\n`,
    current,
  );
  expectRefused(ctx, conflict, "the orient outcome re-serialized", compact, "outcome_conflict", 3);
  const fake = { ...orient, action_id: NEVER_ISSUED, action_kind: "implement" };
  const never = await submit(ctx, done, "05-never-issued", NEVER_ISSUED, fake, current);
  expectRefused(ctx, "slipway/stale-action", "an action id never issued", never, "stale_action", 3);
  const invalid = "slipway/invalid-outcome";
  const flag = await call(ctx, withAction(done.argv, current), {
    files: { [done.file]: done.body },
    current,
  });
  expectRefused(
    ctx,
    invalid,
    "--action naming the current action, outcome naming the orient",
    flag,
    "invalid_outcome",
    3,
  );
  const kind = await submit(
    ctx,
    done,
    "05c-kind-mismatch",
    current,
    { ...orient, action_id: current },
    current,
  );
  expectRefused(ctx, invalid, "an orient outcome for the implement action", kind, "invalid_outcome", 3);
  const implement = outcome(current, "implement", ctx.w.ws);
  const unknown = await submit(ctx, done, "05d-unknown-field", current, { ...implement, extra: 1 }, current);
  expectRefused(ctx, invalid, "an outcome with an unknown field", unknown, "invalid_outcome", 2);
  const { known_issues: _, ...missing } = implement;
  const lacking = await submit(ctx, done, "05e-missing-field", current, missing, current);
  expectRefused(ctx, invalid, "an outcome without known_issues", lacking, "invalid_outcome", 2);
  const { contract_version: __, ...unversioned } = implement;
  const noVersion = await submit(ctx, done, "05f-no-contract-version", current, unversioned, current);
  expectRefused(
    ctx,
    "slipway/outcome-version",
    "an outcome without contract_version",
    noVersion,
    "contract_version_mismatch",
    3,
  );
}

/** Recorded steps 07, 07b: new bytes for the completed implement, then for the completed orient. */
export async function afterImplement(ctx: Context, done: Submitted): Promise<void> {
  const current = String(obj(done.answer.doc?.action)?.action_id ?? "");
  const implement = JSON.parse(done.body) as Obj;
  const retry = await submit(
    ctx,
    done,
    "07-implement-new-bytes",
    done.actionId,
    { ...implement, summary: "stale retry with new bytes" },
    current,
  );
  expectRefused(
    ctx,
    "slipway/outcome-conflict",
    "new bytes for the completed implement",
    retry,
    "outcome_conflict",
    3,
  );
  const earlier = ctx.orientId;
  if (!earlier) return;
  const asSummarize = outcome(earlier, "summarize", ctx.w.ws, { summary: "x" });
  const old = await submit(ctx, done, "07b-orient-as-summarize", earlier, asSummarize, current);
  expectRefused(
    ctx,
    "slipway/outcome-conflict",
    "a summarize-shaped outcome for the completed orient",
    old,
    "outcome_conflict",
    3,
  );
}

/** Recorded steps 09–11: the summarize outcome again after the end, changed, then status of the Run. */
export async function afterEnd(ctx: Context, done: Submitted): Promise<void> {
  const ended = done.answer.doc as Obj;
  const again = await call(ctx, done.argv, { files: { [done.file]: done.body } });
  ctx.v.expect(
    "slipway/idempotent-resubmit",
    again.exit !== 0
      ? `the identical summarize outcome after the end failed (exit ${again.exit}): ${json(again.error ?? again.r.stdout)}`
      : !same(again.doc, ended)
        ? "the identical summarize outcome after the end answered a different document"
        : undefined,
    { expected: json(ended), actual: json(again.doc ?? again.error) },
  );
  const summarize = JSON.parse(done.body) as Obj;
  const changed = await submit(ctx, done, "10-summarize-different", done.actionId, {
    ...summarize,
    summary: "changed after end",
  });
  expectRefused(
    ctx,
    "slipway/outcome-conflict",
    "different bytes for the summarize after the end",
    changed,
    "outcome_conflict",
    3,
  );
}
