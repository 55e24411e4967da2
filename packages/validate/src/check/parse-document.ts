import type { Finding } from "@keel/diagnostics";
import { parseJsonText, SchemaLoadError } from "@keel/schema-model";
import type { RawDocument } from "../input/raw-document.js";

export type Parsed = { ok: true; value: unknown } | { ok: false; finding: Finding };

/**
 * JSON.parse (fast; `__proto__` keys become own properties, never prototypes); a syntax error becomes a
 * `json/syntax` finding at its line:column in the file (a JSON Lines document's line is its line).
 */
export function parseDocument(doc: RawDocument): Parsed {
  if (doc.failure !== undefined) return { ok: false, finding: doc.failure };
  if (doc.text === undefined) return { ok: true, value: doc.value };
  try {
    return { ok: true, value: parseJsonText(doc.text, "") };
  } catch (error) {
    if (!(error instanceof SchemaLoadError)) throw error;
    const at = error.at ?? { line: 1, column: 1 };
    return {
      ok: false,
      finding: {
        code: error.code,
        severity: "error",
        message: error.detail,
        pointer: "",
        line: doc.line + at.line - 1,
        column: at.column,
      },
    };
  }
}
