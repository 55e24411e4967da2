import { type Problem, unanswered } from "../../verdicts.js";
import { type Context, send } from "./context.js";

/** Bodies built to hurt a naive colony; each must be answered (no 5xx) and the colony must stay up. */
function hostile(validTrail: unknown): { name: string; body: string | Uint8Array }[] {
  const trail = JSON.stringify(validTrail);
  const inner = trail.slice(1);
  return [
    { name: "__proto__ member", body: `{"__proto__":{"polluted":true,"status":"merged"},${inner}` },
    { name: "constructor.prototype member", body: `{"constructor":{"prototype":{"polluted":true}},${inner}` },
    { name: "nested 30000 arrays deep", body: `${"[".repeat(30_000)}${"]".repeat(30_000)}` },
    { name: "nested 15000 objects deep", body: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}` },
    {
      name: "a 60000-character summary",
      body: trail.replace('"summary":"', `"summary":"${"A".repeat(60_000)}`),
    },
    {
      name: "invalid UTF-8",
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    },
    { name: "a lone surrogate escape", body: trail.replace('"summary":"', '"summary":"\\ud800') },
  ];
}

export async function hostilePhase(ctx: Context, validTrail: unknown): Promise<void> {
  for (const h of hostile(validTrail)) {
    // through keel's channel (a connection of its own), never a kept-alive socket the colony may be closing
    const r = await ctx.colony.channel.request({
      method: "POST",
      path: "/v1/trails",
      headers: { "content-type": "application/json" },
      body: h.body,
    });
    const timedOut = r.timedOut === true;
    const status: number | string = r.response
      ? r.response.status
      : timedOut
        ? (r.missing ?? "")
        : `no answer (${r.missing})`;
    const after = await send(ctx, { method: "GET", path: "/v1/trails/00000000-0000-4000-8000-000000000000" });
    const problem: Problem | undefined = timedOut
      ? unanswered(`${h.name}: ${status}`)
      : typeof status === "string"
        ? `${h.name}: ${status}`
        : status >= 500
          ? `${h.name}: answered ${status}`
          : after.timedOut
            ? unanswered(`the request after ${h.name}: ${after.missing}`)
            : !after.response
              ? `the colony stopped answering after ${h.name} (${after.missing})`
              : undefined;
    ctx.v.expect("myrmo/hostile-bodies", problem, {
      expected: "a 4xx (or 202) answer, and the next request answered",
      actual: String(status),
    });
    if (!after.response) return;
  }
}
