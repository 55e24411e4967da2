import { validateNotification, validateResponse } from "@keel/mira";
import type { Obj } from "../kit/values.js";
import type { Context } from "./context.js";

const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 120)}…` : s);

/** Checks over every line of the session: framing, schema, ids answered once. */
export function sessionPhase(ctx: Context): void {
  const { s, v } = ctx;
  const sentIds = new Set(s.sent.map((x) => x.id).filter((id) => id !== undefined));
  for (const r of s.received) {
    if (ctx.attributed.has(r)) continue;
    const m = r.message as Obj | undefined;
    if (r.problem && (m === undefined || typeof m !== "object" || m === null || Array.isArray(m))) {
      v.fail("mira/stdout-json", `stdout line ${r.seq} is ${r.problem}`, {
        expected: "one JSON object per line",
        actual: clip(r.raw),
      });
      continue;
    }
    v.pass("mira/stdout-json");
    if (r.kind === "invalid") {
      v.fail("mira/message-valid", `line ${r.seq} is ${r.problem}`, { actual: clip(r.raw) });
      continue;
    }
    if (r.kind === "request") continue; // a reverse request: reserved seam, a host ignores it
    const { findings } = r.kind === "response" ? validateResponse(m) : validateNotification(m);
    const first = findings[0];
    v.expect(
      "mira/message-valid",
      first && `line ${r.seq} (${r.kind}): ${first.pointer || "/"} ${first.message}`,
      {
        actual: clip(r.raw),
      },
    );
    if (r.kind !== "response" || !m) continue;
    v.expect(
      "mira/response-id-known",
      sentIds.has(m.id as number) ? undefined : `a response names id ${JSON.stringify(m.id)}, never sent`,
      {
        actual: clip(r.raw),
      },
    );
    const present = ["result", "error"].filter((k) => m[k] !== undefined && m[k] !== null);
    v.expect(
      "mira/one-of-result-error",
      present.length === 1
        ? undefined
        : `response id ${JSON.stringify(m.id)} has ${present.length ? present.join(" and ") : "neither result nor error"}`,
      {
        expected: "exactly one of result / error",
        actual: clip(r.raw),
      },
    );
  }
  for (const [id, n] of s.answers)
    if (sentIds.has(id as number))
      v.expect("mira/answered-once", n > 1 ? `request id ${id} was answered ${n} times` : undefined, {
        expected: "1 response",
        actual: `${n} responses`,
      });
}
