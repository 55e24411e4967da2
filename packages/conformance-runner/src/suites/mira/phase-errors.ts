import type { Outcome } from "../../channels/rpc-stdio/session.js";
import { answered, type Context, json, obj } from "./context.js";
import type { PlannedCase } from "./plan.js";
import { unknownNotification } from "./probe-notification.js";
import { errorCode, resultProblem } from "./results.js";

/** Error handling and robustness: unknown method/eval/sample/target, unknown fields, malformed lines. */
export async function errorPhase(ctx: Context, c0: PlannedCase | undefined, none: string): Promise<void> {
  const { s, v } = ctx;
  const notFound = errorCode("method not found");
  expectError(ctx, "mira/unknown-method", await s.request("keel_no_such_method", {}), notFound);
  if (c0) {
    const invalid = errorCode("invalid params");
    expectError(
      ctx,
      "mira/unknown-eval",
      await s.request("run", { ...c0, eval: "keel-no-such-eval" }),
      invalid,
    );
    expectError(
      ctx,
      "mira/unknown-sample",
      await s.request("run", { ...c0, sample: "keel-no-such-sample" }),
      invalid,
    );
    expectError(
      ctx,
      "mira/unknown-target",
      await s.request("run", { ...c0, target: "keel-no-such-target" }),
      invalid,
    );
    const o = await s.request(
      "run",
      { ...c0, keel_unknown_param: { nested: [1] } },
      { keel_unknown_field: true },
    );
    const result = answered(ctx, o);
    const problem = result
      ? resultProblem("run", result)
      : `no result: ${o.missing ?? json(o.response?.error)}`;
    v.expect("mira/ignores-unknown-fields", problem && `a run with unknown fields: ${problem}`, {
      expected: "a valid RunResult",
      actual: json(o.response),
    });
  } else {
    for (const n of ["unknown-eval", "unknown-sample", "unknown-target", "ignores-unknown-fields"])
      v.skip(`mira/${n}`, none);
  }
  await unknownNotification(ctx);
  s.sendRaw('{"id": 999999, "method": "list", this is not json');
  stillAnswers(ctx, "mira/survives-malformed-line", await s.request("list"));
  if (ctx.caps.has("cancel")) {
    const o = await s.request("cancel", { id: 999_999 });
    const result = answered(ctx, o);
    const ok = result && !resultProblem("cancel", result) && result.cancelled === false;
    v.expect(
      "mira/cancel-unknown-id",
      ok ? undefined : "cancel for an id never sent did not answer cancelled: false",
      {
        expected: json({ cancelled: false }),
        actual: o.response ? json(o.response) : o.missing,
      },
    );
  } else v.skip("mira/cancel-unknown-id", "capability cancel not advertised");
}

function expectError(ctx: Context, name: string, o: Outcome, code: number): void {
  answered(ctx, o);
  const error = obj(o.response?.error);
  const ok = error && error.code === code && error.retryable !== true && o.response?.result == null;
  // no answer at all is a timeout or an exit, said as such: it does not blame the error handling
  const problem = o.missing
    ? `${o.method}: ${o.missing}`
    : `${o.method} expected error ${code} (not retryable)`;
  ctx.v.expect(name, ok ? undefined : problem, {
    expected: json({ error: { code, retryable: false } }),
    actual: o.response ? json(o.response) : o.missing,
  });
}

function stillAnswers(ctx: Context, name: string, o: Outcome): void {
  const result = answered(ctx, o);
  ctx.v.expect(
    name,
    result ? undefined : `the next request was not answered${o.missing ? `: ${o.missing}` : ""}`,
    {
      expected: "a list result",
      actual: o.response ? json(o.response) : o.missing,
    },
  );
}
