import { PassThrough } from "node:stream";
import type { SafeParser } from "@keel/diagnostics";
import { registryEntry, validateResponse } from "@keel/mira";
import * as zod from "@keel/mira/zod";
import { describe, expect, it } from "vitest";
import { serve } from "./serve.js";

interface Msg {
  id?: number;
  method?: string;
  params?: { request_id?: number; kind?: string };
  result?: Record<string, unknown>;
  error?: Record<string, unknown>;
}
interface Page {
  samples: { id: string }[];
  next_cursor?: string;
}

/** Sends lines to an in-process study and collects what it writes until it goes quiet. */
async function talk(lines: string[]): Promise<Msg[]> {
  const input = new PassThrough();
  const out: Msg[] = [];
  const done = serve(input, (m) => out.push(m as Msg));
  for (const l of lines) input.write(`${l}\n`);
  await new Promise((r) => setTimeout(r, 50));
  input.end();
  await done;
  return out;
}

const resultSchema = (method: string) => {
  const ref = (registryEntry.facts.methodSchemas as Record<string, { result: string }>)[method]?.result ?? "";
  return (zod as unknown as Record<string, SafeParser>)[`${ref.replace("#/$defs/", "")}Schema`] as SafeParser;
};

describe("reference mira study", () => {
  it("answers every method with a result valid for that method", async () => {
    const requests = [
      { id: 1, method: "initialize", params: { protocol_version: "1.1" } },
      { id: 2, method: "list" },
      { id: 3, method: "list_samples", params: { eval: "arith", cursor: "10" } },
      {
        id: 4,
        method: "run",
        params: {
          eval: "arith",
          sample: "sum-2",
          target: "sim",
          params: { effort: "low" },
          trial: 1,
          trials: 3,
          seed: 43,
        },
      },
      { id: 5, method: "execute", params: { eval: "greet", sample: "hi", target: "sim" } },
      {
        id: 6,
        method: "score",
        params: { eval: "greet", sample: "hi", target: "sim", transcript: { final_response: "42" } },
      },
      { id: 7, method: "cancel", params: { id: 999 } },
    ];
    const out = await talk(requests.map((r) => JSON.stringify(r)));
    for (const r of requests) {
      const answer = out.find((m) => m.id === r.id);
      expect(validateResponse(answer).findings).toEqual([]);
      expect(resultSchema(r.method).safeParse(answer?.result).success).toBe(true);
    }
    const page = out.find((m) => m.id === 3)?.result as unknown as Page;
    expect([page.samples[0]?.id, page.samples.length, page.next_cursor]).toEqual(["sum-10", 10, "20"]);
    const run = out.find((m) => m.id === 4)?.result;
    expect(run).toMatchObject({ trial: 1, trials: 3, seed: 43, params: { effort: "low" }, passed: false });
    // the judge is N/A on odd seeds and left out of the aggregate
    const scores = run?.scores as { scorer: string; na?: boolean }[];
    expect(scores.find((s) => s.scorer === "judge")?.na).toBe(true);
    expect(out.find((m) => m.id === 7)?.result).toEqual({ cancelled: false });
    const kinds = out
      .filter((m) => m.method === "event" && m.params?.request_id === 4)
      .map((m) => m.params?.kind);
    expect(kinds).toEqual(["started", "turn", "finished"]);
  });

  it("answers initialize whatever the host says of its version: params {}, null, absent or with one", async () => {
    for (const params of [{}, null, undefined, { protocol_version: "1.0", host: "h" }]) {
      const [answer] = await talk([JSON.stringify({ id: 1, method: "initialize", params })]);
      expect(answer?.result?.protocol_version, JSON.stringify(params)).toBe(registryEntry.version);
    }
  });

  it("answers unknown methods and unknown cases with the registry's codes, and survives garbage", async () => {
    const out = await talk([
      "{not json",
      JSON.stringify({ id: 1, method: "frobnicate" }),
      JSON.stringify({ id: 2, method: "run", params: { eval: "nope", sample: "hi", target: "sim" } }),
      JSON.stringify({
        id: 3,
        method: "run",
        params: { eval: "greet", sample: "hi", target: "gpt-99" },
        extra: 1,
      }),
      JSON.stringify({ method: "keel/unknown-notification", params: {} }),
    ]);
    expect(out[0]).toMatchObject({ method: "log", params: { request_id: 0 } });
    expect(out.find((m) => m.id === 1)?.error).toMatchObject({ code: -32601, retryable: false });
    expect(out.find((m) => m.id === 2)?.error).toMatchObject({ code: -32602, retryable: false });
    expect(out.find((m) => m.id === 3)?.error).toMatchObject({ code: -32602 });
    expect(out).toHaveLength(4);
  });
});
