import { validateResponse } from "@keel/mira";
import { json, obj } from "../kit/values.js";
import type { Context } from "./context.js";
import { describeFinding } from "./describe.js";

const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 120)}…` : s);

/**
 * An unknown host→study notification must be ignored (§ Versioning). A study that answers it has
 * written a response to a request nobody sent: that line is this probe's finding, reported once, here
 * and not again under message-valid / response-id-known. It is a warning unless `--strict`, since
 * the protocol defines no host→study notification today.
 */
export async function unknownNotification(ctx: Context): Promise<void> {
  const { s, v } = ctx;
  const name = "mira/ignores-unknown-notifications";
  const from = s.received.length;
  s.sendRaw(JSON.stringify({ method: "keel/unknown_notification", params: { keel: true } }));
  const o = await s.request("list");
  const sentIds = new Set(s.sent.map((x) => x.id).filter((id) => id !== undefined));
  const acks = s.received
    .slice(from)
    .filter(
      (r) =>
        r.kind !== "notification" && !(r.kind === "response" && sentIds.has(obj(r.message)?.id as number)),
    );
  for (const r of acks) ctx.attributed.add(r);
  if (!o.response?.result) {
    const why = o.missing ?? `it answered ${json(o.response)}`;
    return v.fail(name, `the request after an unknown notification was not answered: ${why}`, {
      expected: "a list result",
      actual: o.response ? json(o.response) : o.missing,
    });
  }
  const ack = acks[0];
  if (!ack) return v.pass(name);
  const first = validateResponse(ack.message).findings[0];
  const invalid = first ? `, a line the schema refuses (${describeFinding(first, ack.message)})` : "";
  const reason = `the study answered the notification keel/unknown_notification${invalid}`;
  const detail = { expected: "no answer to a notification", actual: clip(ack.raw) };
  if (ctx.strict) v.fail(name, reason, detail);
  else {
    v.pass(name);
    v.warn(name, `${reason}: ${detail.actual}`);
  }
}
