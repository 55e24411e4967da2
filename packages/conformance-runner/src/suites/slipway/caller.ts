import { unanswered } from "../../verdicts.js";
import type { Called, CallOptions, Context } from "./context.js";
import { judgeError, judgeSuccess } from "./judge.js";

export type { Called, CallOptions, Context } from "./context.js";

/** Runs one slipway call (in the caller's folder: every call names --root) and judges what every call must do. */
export async function call(ctx: Context, argv: string[], options: CallOptions = {}): Promise<Called> {
  const r = await ctx.cli.call({
    argv,
    ...(options.files ? { files: options.files } : {}),
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  });
  const what = argv.slice(0, 2).join(" ");
  const v = ctx.v;
  if (r.couldNotStart) ctx.couldNotStart ??= r.couldNotStart;
  v.expect(
    "slipway/exits",
    r.missing
      ? unanswered(`${what}: ${r.missing}`)
      : r.signal
        ? `${what} was ended by ${r.signal}`
        : r.dropped
          ? `${what} printed ${r.dropped} characters past the bound`
          : undefined,
    {
      expected: "an exit of its own, bounded output",
      actual: r.missing ?? r.signal ?? `${r.dropped ?? 0} dropped`,
    },
  );
  const out: Called = { argv, r, exit: r.exit };
  if (r.exit === null) return out;
  if (r.exit === 0) judgeSuccess(ctx, out, what);
  else judgeError(ctx, out, what, options.current);
  return out;
}
