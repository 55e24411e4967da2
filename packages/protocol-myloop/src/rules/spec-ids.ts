import type { Finding } from "@keel/diagnostics";
import { issue } from "./finding.js";

const SPEC_ID = /^spec_iter_(0|[1-9][0-9]*)_([A-Z])$/;

/** Parse `spec_iter_{n}_{L}` into its iteration and letter, or undefined when malformed. */
export function parseSpecId(id: string): { iter: number; letter: string } | undefined {
  const m = SPEC_ID.exec(id);
  return m ? { iter: Number(m[1]), letter: m[2] as string } : undefined;
}

/**
 * `spec-id-iter` (the n in every spec_id is the document's iter) and `spec-id-sequence` (letters A, B, C, …
 * in order: unique, no gaps); the record's copies are `record-spec-id-iter` / `record-spec-id-sequence`.
 */
export function specIdRules(prefix: "record" | "spec", iter: number, ids: readonly string[]): Finding[] {
  const found: Finding[] = [];
  const rule = prefix === "record" ? "record-spec-id" : "spec-id";
  ids.forEach((id, i) => {
    const pointer = `/specs/${i}/spec_id`;
    const parsed = parseSpecId(id);
    if (parsed && parsed.iter !== iter) {
      found.push(
        issue(`${rule}-iter`, "error", `expected spec_id of iteration ${iter}, found ${id}`, pointer),
      );
    }
    const letter = String.fromCharCode(65 + i);
    if (parsed && parsed.letter !== letter) {
      found.push(
        issue(
          `${rule}-sequence`,
          "error",
          `expected spec letter ${letter} at position ${i} (A, B, C… unique and in order), found ${id}`,
          pointer,
        ),
      );
    }
  });
  return found;
}
