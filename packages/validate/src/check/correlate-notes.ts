import { isRecord, type ValidationResult } from "@keel/diagnostics";
import type { DocumentResult } from "./file-result.js";
import type { ProtocolModule } from "./protocols.js";
import { withoutTolerated } from "./tolerance.js";

/**
 * What correlation needs of one line, noted by whichever thread checked it: small whatever the document's
 * size (its id, a request's method, whether a response's result is worth checking), so the main thread pairs
 * lines in file order without holding documents (correlate-pairs.ts).
 */
export interface PairNote {
  /** the line's place among the documents its thread checked in one go (a batch, a byte range) */
  index: number;
  /** its line in the file (a range's own until the main thread renumbers it); undefined for YAML */
  line: number | undefined;
  /** its id as JSON (`1` and `"1"` differ) */
  key: string;
  /** a request's method; absent for a response */
  method?: string;
  /** a response whose envelope passed its own schema and whose result, as lenient readers see it, is not null */
  checkable?: boolean;
  /** a response in a byte range a worker read: where its line's bytes are in the file (correlate-replay.ts) */
  at?: number;
  bytes?: number;
  /**
   * a response whose request came earlier in the same batch: its result checked ahead against that method,
   * kept by the main thread when its pairing agrees (same method, same request line), else checked again
   */
  guess?: { method: string; requestLine: number | undefined; result: DocumentResult };
}

/** Notes a checked line: its parsed value, its check's outcome, its line and place in its batch. */
export type Noter = (
  value: unknown,
  outcome: ValidationResult,
  line: number | undefined,
  index: number,
) => PairNote | undefined;

interface Classifying {
  classify(document: unknown): string;
}

/** The noter of a protocol package that classifies lines (`classify`: request, response, …); undefined otherwise. */
export function pairNoter(module: ProtocolModule): Noter | undefined {
  const classify = (module as Partial<Classifying>).classify;
  if (typeof classify !== "function") return undefined;
  return (value, outcome, line, index) => {
    if (!isRecord(value) || !isId(value.id)) return undefined;
    const key = JSON.stringify(value.id);
    const role = classify(value);
    if (role === "request")
      return typeof value.method === "string" ? { index, line, key, method: value.method } : undefined;
    if (role !== "response") return undefined;
    if (brokenEnvelope(outcome)) return { index, line, key };
    const seen = withoutTolerated(module, value);
    const answer = isRecord(seen) ? seen.result : undefined;
    return answer === undefined || answer === null
      ? { index, line, key }
      : { index, line, key, checkable: true };
  };
}

const isId = (id: unknown): id is string | number => typeof id === "string" || typeof id === "number";

/** The line's own schema refused it: its result is not worth a second opinion. */
const brokenEnvelope = (r: ValidationResult) =>
  r.findings.some((f) => f.severity === "error" && f.code.startsWith("schema/"));
