import { escapeToken, isRecord } from "@keel/diagnostics";
import type { TrafficEntry } from "../traffic.js";
import { generalize } from "./generalize.js";
import { FORMAT, type Scenario, type Step } from "./types.js";

/** One request a driving channel sent and the answer it got (undefined when none came). */
export interface Exchanged {
  request: unknown;
  answer?: unknown;
}

/**
 * Pairs a driving channel's traffic in order: each `out` with the `in` that follows it. An answer that
 * says why none came (`missing`: a timeout, a failed start) counts as no answer.
 */
export function pairTraffic(entries: readonly TrafficEntry[]): Exchanged[] {
  const out: Exchanged[] = [];
  for (const e of entries) {
    if (e.direction === "out") out.push({ request: e.data });
    else if (!(isRecord(e.data) && typeof e.data.missing === "string")) {
      const last = out.at(-1);
      if (last && last.answer === undefined) last.answer = e.data;
    }
  }
  return out;
}

const MIN_CAPTURED = 6;

/**
 * Golden-exchange steps from recorded request/answer pairs (`keel record` for http and cli suites):
 * each request is a send, each answer an expect built by `expectation` (the channel's: http keeps
 * status and body, cli exit and stdout). A string an answer carried that a later request uses (a
 * trail id in a path, an action id in argv) becomes a `$capture` there and a `$use` / `$template` in
 * the later request; other volatile values become matchers (generalize.ts).
 */
export function scenarioFromTraffic(
  meta: { protocol: string; name: string; description?: string },
  exchanges: readonly Exchanged[],
  expectation: (answer: unknown) => unknown,
): Scenario {
  const answered = exchanges.filter((x) => x.answer !== undefined);
  const requests: unknown[] = answered.map((x) => x.request);
  const expects = answered.map((x) => expectation(x.answer));
  const taken = new Set<string>();
  const captured = new Map<string, string>();
  for (const [i, expected] of expects.entries())
    for (const { value, pointer, key } of strings(expected, "")) {
      if (value.length < MIN_CAPTURED) continue;
      const known = captured.get(value);
      if (known !== undefined) {
        expects[i] = replaceAt(expects[i], pointer, { $capture: known }); // the same value again
        continue;
      }
      const later = requests.slice(i + 1);
      if (!later.some((r) => JSON.stringify(r).includes(JSON.stringify(value).slice(1, -1)))) continue;
      const name = fresh(key || "value", taken);
      captured.set(value, name);
      expects[i] = replaceAt(expects[i], pointer, { $capture: name });
      for (let j = i + 1; j < requests.length; j++) requests[j] = useIn(requests[j], value, name);
    }
  const steps: Step[] = answered.flatMap((_, i): Step[] => [
    { send: requests[i], as: `call${i + 1}` },
    { expect: { response: `call${i + 1}`, match: generalizeRest(expects[i]) } },
  ]);
  return { format: FORMAT, ...meta, steps };
}

/** Every string leaf with its pointer and the key that holds it. */
function strings(v: unknown, pointer: string, key = ""): { value: string; pointer: string; key: string }[] {
  if (typeof v === "string") return [{ value: v, pointer, key }];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${pointer}/${i}`, key));
  if (!isRecord(v)) return [];
  return Object.entries(v).flatMap(([k, x]) => strings(x, `${pointer}/${escapeToken(k)}`, k));
}

function fresh(base: string, taken: Set<string>): string {
  const clean = base.replace(/[^A-Za-z0-9_.-]/g, "_");
  let name = clean;
  for (let n = 2; taken.has(name); n++) name = `${clean}${n}`;
  taken.add(name);
  return name;
}

function replaceAt(v: unknown, pointer: string, by: unknown): unknown {
  if (pointer === "") return by;
  const [head, ...rest] = pointer.slice(1).split("/");
  const key = (head as string).replaceAll("~1", "/").replaceAll("~0", "~");
  const tail = rest.length ? `/${rest.join("/")}` : "";
  if (Array.isArray(v)) return v.map((x, i) => (String(i) === key ? replaceAt(x, tail, by) : x));
  if (isRecord(v)) return { ...v, [key]: replaceAt(v[key], tail, by) };
  return v;
}

/** A later request with the captured string as `$use` (the whole value) or `$template` (inside one). */
function useIn(v: unknown, value: string, name: string): unknown {
  if (typeof v === "string") {
    if (v === value) return { $use: name };
    return v.includes(value) ? { $template: v.replaceAll(value, `{${name}}`) } : v;
  }
  if (Array.isArray(v)) return v.map((x) => useIn(x, value, name));
  if (!isRecord(v)) return v;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === "$template") {
    const t = String(v.$template);
    return t.includes(value) ? { $template: t.replaceAll(value, `{${name}}`) } : v;
  }
  if (keys.length === 1 && keys[0] === "$use") return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, useIn(x, value, name)]));
}

/** Volatile values to matchers, leaving the captures already placed alone. */
function generalizeRest(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(generalizeRest);
  if (!isRecord(v)) return generalize(v);
  if (Object.keys(v).length === 1 && "$capture" in v) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      isRecord(x) || Array.isArray(x) ? generalizeRest(x) : generalize(x, undefined, k),
    ]),
  );
}
