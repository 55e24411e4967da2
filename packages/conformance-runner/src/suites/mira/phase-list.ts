import { prefixed } from "../../verdicts.js";
import { json, type Obj, obj } from "../kit/values.js";
import { answered, type Context, noResult } from "./context.js";
import type { ListedEval } from "./plan.js";
import { resultProblem } from "./results.js";

const MAX_PAGES = 1000;

/** list, the evals count, and the pagination walk. Returns the evals with every page of samples. */
export async function listPhase(ctx: Context, init: Obj): Promise<ListedEval[] | undefined> {
  const { s, v } = ctx;
  const o = await s.request("list");
  const result = answered(ctx, o);
  const problem = result ? resultProblem("list", result) : noResult(o);
  v.expect("mira/list-valid", problem, { actual: json(o.response) });
  if (problem || !result) return undefined;
  const evals = result.evals as ListedEval[];
  v.expect(
    "mira/evals-count",
    init.evals === evals.length ? undefined : "initialize and list disagree on the number of evals",
    {
      expected: `${init.evals} evals (initialize)`,
      actual: `${evals.length} evals listed`,
    },
  );
  for (const e of evals) await walk(ctx, e, obj(e)?.next_cursor);
  if (!evals.some((e) => typeof obj(e)?.next_cursor === "string"))
    v.skip(
      "mira/pagination-complete",
      ctx.caps.has("paginate") ? "no eval returned a next_cursor" : "capability paginate not advertised",
    );
  return evals;
}

async function walk(ctx: Context, e: ListedEval, first: unknown): Promise<void> {
  const name = "mira/pagination-complete";
  if (typeof first !== "string") return;
  if (!ctx.caps.has("paginate")) {
    ctx.v.fail(name, `eval ${e.name} returned a next_cursor but the study does not advertise paginate`);
    return;
  }
  const ids = new Set(e.samples.map((x) => x.id));
  const cursors = new Set<string>();
  let cursor: unknown = first;
  for (let page = 0; typeof cursor === "string"; page++) {
    if (cursors.has(cursor) || page >= MAX_PAGES)
      return ctx.v.fail(name, `eval ${e.name}: cursor ${json(cursor)} came back again (a loop)`);
    cursors.add(cursor);
    const o = await ctx.s.request("list_samples", { eval: e.name, cursor });
    const result = answered(ctx, o);
    const problem = result ? resultProblem("list_samples", result) : noResult(o);
    if (problem || !result)
      return ctx.v.expect(
        name,
        prefixed(`list_samples ${e.name} at ${json(cursor)}: `, problem ?? "no result"),
      );
    for (const sample of result.samples as { id: string }[]) {
      if (ids.has(sample.id))
        return ctx.v.fail(name, `eval ${e.name}: sample ${json(sample.id)} listed twice`);
      ids.add(sample.id);
      e.samples.push(sample);
    }
    cursor = result.next_cursor;
  }
  ctx.v.pass(name);
}
