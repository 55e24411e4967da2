import { protocolEntry } from "@keel/schema-model";
import type { RawDocument } from "../input/raw-document.js";
import type { ProtocolContext } from "./context.js";
import { type Noter, type PairNote, pairNoter } from "./correlate-notes.js";
import { type MethodSchemas, Pairing, type PairTask } from "./correlate-pairs.js";
import { guessPair, judgePair } from "./correlate-results.js";
import type { DocumentResult } from "./file-result.js";
import type { ProtocolModule } from "./protocols.js";

/**
 * A response does not say which method it answers, so its `result` is checked only once it is matched to
 * its request. A file that holds both directions (a session capture) is read as the host does: each
 * request's id remembered with its method, each response's result checked against that method's result
 * definition (registry `facts.methodSchemas`, e.g. `run` → `#/$defs/RunResult`). For protocols whose
 * package classifies lines (`classify`) and whose registry names method schemas; others pass unchanged.
 *
 * Three parts, so `--jobs` spreads it: whichever thread checks a line notes what pairing needs of it
 * (correlate-notes.ts); the main thread pairs the notes in file order (correlate-pairs.ts); a response's
 * result is judged where its value is (correlate-results.ts), or on a thread that reads its line again
 * (correlate-replay.ts).
 */
export interface Correlation {
  note: Noter;
  /** a response's pair judgement on its parsed value: its findings located in `doc` */
  judge(value: unknown, doc: RawDocument, task: PairTask): DocumentResult;
  /** a fresh pairing for one file (main thread) */
  pairing(): Pairing;
  /**
   * For one batch a thread checks: guesses each response's request from the requests earlier in the batch
   * and judges its result ahead (`note.guess`), so most pair judgements need no second reading of their line.
   */
  guesser(): Guesser;
}

/** Called with every noted line of a batch, in order. */
export type Guesser = (note: PairNote, value: unknown, doc: RawDocument) => void;

export interface CorrelationSettings extends ProtocolContext {
  module: ProtocolModule;
  /** `--type`, when given */
  type?: string | undefined;
  /** requests kept awaiting their response (default CORRELATION_WINDOW); a response to an older one is unmatched */
  window?: number | undefined;
}

/** Whether this run's files are correlated (undefined: no method schemas, or `--type` names one line kind). */
export function correlation(settings: CorrelationSettings): Correlation | undefined {
  const { registry, protocol, type } = settings;
  const entry = protocolEntry(registry, protocol);
  const methods = entry.facts.methodSchemas as MethodSchemas | undefined;
  const note = pairNoter(settings.module);
  // a type that is the whole schema (Mira's `message`) holds both directions; request/response alone cannot
  const whole = type === undefined || entry.documentTypes[type]?.pointer === "#";
  if (methods === undefined || note === undefined || !whole) return undefined;
  const pair = { root: settings.root, registry, protocol, module: settings.module };
  return {
    note,
    judge: (value, doc, task) => judgePair(pair, value, doc, task),
    pairing: () => new Pairing(methods, settings.window),
    guesser: () => {
      // the batch's requests awaiting their response: bounded by the batch
      const open = new Map<string, { method: string; line: number | undefined }[]>();
      return (note, value, doc) => {
        if (note.method !== undefined) {
          const queue = open.get(note.key);
          if (queue === undefined) open.set(note.key, [{ method: note.method, line: note.line }]);
          else queue.push({ method: note.method, line: note.line });
          return;
        }
        const queue = open.get(note.key);
        const request = queue?.shift();
        if (queue?.length === 0) open.delete(note.key);
        if (request === undefined || note.checkable !== true) return;
        const definition = Object.hasOwn(methods, request.method)
          ? methods[request.method]?.result
          : undefined;
        if (!definition) return;
        const result = guessPair(pair, value, doc, definition);
        note.guess = { method: request.method, requestLine: request.line, result };
      };
    },
  };
}
