import { isRecord } from "@keel/diagnostics";
import { type Problem, prefixed } from "../../verdicts.js";
import type { AdapterSession } from "./adapter.js";
import { PROTOCOL } from "./adapter.js";
import type { Case, ProtocolCorpus } from "./corpus.js";

/** A fixture on which the adapter's verdict is not keel's. */
export interface Disagreement {
  protocol: string;
  file: string;
  probes: string[];
  /** keel's verdict */
  keel: boolean;
  /** the adapter's, or "error" when it answered that it could not judge */
  adapter: boolean | "error";
  /** the adapter's first error or its could-not-judge message */
  detail: string;
}

export interface ProtocolOutcome {
  protocol: string;
  cases: number;
  /** cases per probe ("" for fixtures probing nothing) */
  probed: Record<string, number>;
  /** set when the adapter could not load the protocol's schemas (its fixtures were not sent) */
  loadProblem?: string;
  disagreements: Disagreement[];
}

export interface Comparison {
  hello?: { name: string; version: string; language: string };
  protocols: ProtocolOutcome[];
  /** the adapter broke the protocol (no answer, not JSON, another version): the run stopped there */
  broken?: Problem;
  /** requests answered */
  answered: number;
}

const request = (message: Record<string, unknown>): string =>
  JSON.stringify({ keel_validator: PROTOCOL, ...message });

/** The validate request with the document spliced in as written (JSON.stringify would normalise it). */
const validateLine = (c: Case, id: string): string =>
  `${request({ op: "validate", id, protocol: c.protocol, type: c.type, schema: c.schema, pointer: c.pointer }).slice(0, -1)},"document":${c.document}}`;

/** Sends hello, then each protocol's schemas and fixtures, one request at a time; compares verdicts. */
export async function compare(
  session: AdapterSession,
  corpus: readonly ProtocolCorpus[],
  onProgress?: (text: string) => void,
): Promise<Comparison> {
  const out: Comparison = { protocols: [], answered: 0 };
  const hello = await session.ask(request({ op: "hello" }));
  if ("problem" in hello) return { ...out, broken: prefixed("hello: ", hello.problem) };
  out.answered++;
  const h = hello.answer;
  if (typeof h.name !== "string")
    return { ...out, broken: `hello: expected a name, found ${JSON.stringify(h)}` };
  out.hello = { name: h.name, version: String(h.version ?? "?"), language: String(h.language ?? "?") };
  for (const p of corpus) {
    const outcome: ProtocolOutcome = {
      protocol: p.protocol,
      cases: p.cases.length,
      probed: {},
      disagreements: [],
    };
    out.protocols.push(outcome);
    for (const c of p.cases)
      for (const k of c.probes.length ? c.probes : [""]) outcome.probed[k] = (outcome.probed[k] ?? 0) + 1;
    const loaded = await session.ask(request({ op: "load", protocol: p.protocol, schemas: p.schemas }));
    if ("problem" in loaded) return { ...out, broken: prefixed(`load ${p.protocol}: `, loaded.problem) };
    out.answered++;
    if (loaded.answer.ok !== true) {
      outcome.loadProblem = String(loaded.answer.error ?? "answered without ok: true");
      continue;
    }
    for (const [i, c] of p.cases.entries()) {
      if (i % 100 === 0) onProgress?.(`${p.protocol} ${i}/${p.cases.length}`);
      const id = `${p.protocol}/${c.file}`;
      const reply = await session.ask(validateLine(c, id));
      if ("problem" in reply) return { ...out, broken: prefixed(`validate ${id}: `, reply.problem) };
      out.answered++;
      const a = reply.answer;
      if (a.id !== id) return { ...out, broken: `validate ${id}: answered for id ${JSON.stringify(a.id)}` };
      const verdict =
        typeof a.valid === "boolean" ? a.valid : typeof a.error === "string" ? "error" : undefined;
      if (verdict === undefined)
        return {
          ...out,
          broken: `validate ${id}: expected "valid" (a boolean) or "error", found ${JSON.stringify(a).slice(0, 200)}`,
        };
      if (verdict === c.valid) continue;
      const first = Array.isArray(a.errors) && isRecord(a.errors[0]) ? a.errors[0] : undefined;
      const detail =
        verdict === "error"
          ? String(a.error)
          : first
            ? `${String(first.pointer ?? "")} ${String(first.message ?? "")}`.trim()
            : "";
      outcome.disagreements.push({
        protocol: p.protocol,
        file: c.file,
        probes: c.probes,
        keel: c.valid,
        adapter: verdict,
        detail,
      });
    }
  }
  return out;
}
