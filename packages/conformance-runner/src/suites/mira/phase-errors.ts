import type { Outcome } from "../../channels/rpc-stdio/session.js";
import { prefixed, unanswered } from "../../verdicts.js";
import { json, obj } from "../kit/values.js";
import { answered, type Context, noResult } from "./context.js";
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
    const problem = result ? resultProblem("run", result) : noResult(o);
    v.expect("mira/ignores-unknown-fields", prefixed("a run with unknown fields: ", problem), {
      expected: "a valid RunResult",
      actual: json(o.response),
    });
    if (ctx.caps.has("execute"))
      refused(
        ctx,
        "mira/execute-unknown-target",
        await s.request("execute", { ...c0, target: "keel-no-such-target" }),
      );
    else ctx.v.skip("mira/execute-unknown-target", "capability execute not advertised");
    if (ctx.caps.has("score")) {
      const malformed = { ...c0, transcript: { final_response: 42, iterations: "many" } };
      refused(ctx, "mira/score-malformed-transcript", await s.request("score", malformed));
    } else ctx.v.skip("mira/score-malformed-transcript", "capability score not advertised");
  } else {
    for (const n of [
      "unknown-eval",
      "unknown-sample",
      "unknown-target",
      "ignores-unknown-fields",
      "execute-unknown-target",
      "score-malformed-transcript",
    ])
      v.skip(`mira/${n}`, none);
  }
  await unknownNotification(ctx);
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

/**
 * An error answer where one is due passes the MUST (§ Errors); its code is optional ("defaults `0`", a bare
 * `{message}` still parses) and retryable a hint, so a missing or different code, or retryable: true for the
 * caller's mistake, is a warning. A result where an error is due, or no answer, stays a failure.
 */
function expectError(ctx: Context, name: string, o: Outcome, code: number): void {
  answered(ctx, o);
  const error = obj(o.response?.error);
  const detail = {
    expected: json({ error: { code, retryable: false } }),
    actual: o.response ? json(o.response) : o.missing,
  };
  if (o.missing) {
    ctx.v.expect(
      name,
      o.timedOut ? unanswered(`${o.method}: ${o.missing}`) : `${o.method}: ${o.missing}`,
      detail,
    );
    return;
  }
  if (!error || o.response?.result != null) {
    ctx.v.fail(name, `${o.method} answered a result where an error is due`, {
      ...detail,
      rests: ["mira/error-on-failed-request"],
    });
    return;
  }
  ctx.v.pass(name);
  const caller = name !== "mira/unknown-method";
  if (error.code !== code)
    ctx.v.fail(name, `${o.method}: error code ${json(error.code ?? 0)}, the convention says ${code}`, {
      ...detail,
      rests: ["mira/error-code-class"],
    });
  else if (caller && error.retryable === true)
    ctx.v.fail(name, `${o.method}: an unknown name is the caller's mistake, marked retryable`, {
      ...detail,
      rests: ["mira/retryable-caller-mistake"],
    });
}

/** A request the study must refuse: any error response, not a result (§ Errors: bad params). */
function refused(ctx: Context, name: string, o: Outcome): void {
  answered(ctx, o);
  const ok = obj(o.response?.error) !== undefined && o.response?.result == null;
  const problem = o.timedOut
    ? unanswered(`${o.method}: ${o.missing}`)
    : o.missing
      ? `${o.method}: ${o.missing}`
      : `${o.method} answered a result instead of an error`;
  ctx.v.expect(name, ok ? undefined : problem, {
    expected: "an error response",
    actual: o.response ? json(o.response) : o.missing,
  });
}
