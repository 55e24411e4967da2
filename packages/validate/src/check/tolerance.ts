import type { Finding, ValidationResult } from "@keel/diagnostics";
import type { ProtocolModule } from "./protocols.js";

/**
 * A protocol package may export `tolerate(document)`: what its lenient readers ignore in a document that
 * its canonical schema still refuses (Mira: an unknown field or a newer ATIF 1.x label inside an embedded
 * trajectory, schemas/mira/README.md). It returns the document without those and each as a warning.
 */
interface Tolerating {
  tolerate(document: unknown): { document: unknown; findings: Finding[] };
}

const tolerating = (module: ProtocolModule): module is ProtocolModule & Tolerating =>
  typeof (module as Partial<Tolerating>).tolerate === "function";

/**
 * The check, run on the document without what the protocol tolerates, with the tolerated failures as
 * warnings first (`--strict` promotes them with every other warning). Unchanged for other protocols.
 */
export function tolerant<R extends ValidationResult, K>(
  module: ProtocolModule,
  check: (document: unknown, kind: K) => R,
): (document: unknown, kind: K) => R {
  if (!tolerating(module)) return check;
  return (doc, kind) => {
    const { document, findings } = module.tolerate(doc);
    if (findings.length === 0) return check(doc, kind);
    const result = check(document, kind);
    return { ...result, findings: [...findings, ...result.findings] };
  };
}

/** The document as the protocol's lenient readers see it: what it tolerates stripped (itself otherwise). */
export function withoutTolerated(module: ProtocolModule, document: unknown): unknown {
  return tolerating(module) ? module.tolerate(document).document : document;
}
