import type { Finding, ValidationResult } from "@keel/diagnostics";
import { locatePointers, locateYamlPointers } from "@keel/schema-model";
import type { RawDocument } from "../input/raw-document.js";
import { codeFrame } from "./code-frame.js";
import { type DocumentResult, plain } from "./file-result.js";

/**
 * Give each finding the line:column of its pointer in `text` (the document's source; it starts on line
 * `firstLine` of the file; `yaml` when it is YAML). Findings that already carry a line keep it.
 */
export function locateFindings(
  findings: readonly Finding[],
  text: string | undefined,
  firstLine: number,
  yaml = false,
): Finding[] {
  const open = findings.filter((f) => f.line === undefined);
  if (open.length === 0) return [...findings];
  const at =
    text === undefined
      ? undefined
      : (yaml ? locateYamlPointers : locatePointers)(
          text,
          open.map((f) => f.pointer),
        );
  return findings.map((f) => {
    if (f.line !== undefined) return f;
    const pos = at?.get(f.pointer) ?? { line: 1, column: 1 };
    return { ...f, line: firstLine + pos.line - 1, column: pos.column };
  });
}

/** A document's findings located in its source, in file order, each with its code frame. */
export function locate(outcome: ValidationResult & { type?: string }, doc: RawDocument): DocumentResult {
  if (outcome.findings.length === 0) return plain(outcome.valid, outcome.type); // nearly every document
  const out: DocumentResult = { valid: outcome.valid, findings: [], frames: [] };
  if (outcome.type !== undefined) out.type = outcome.type;
  const source = doc.text ?? doc.yaml;
  // in file order, whatever order the schema, the rules and the duplicate-key scan found them in
  const located = locateFindings(outcome.findings, source, doc.line, doc.yaml !== undefined).sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
  for (const f of located) {
    out.findings.push(f);
    out.frames.push(frameOf(f, source, doc.line));
  }
  return out;
}

function frameOf(f: Finding, text: string | undefined, firstLine: number): string {
  const source =
    text === undefined || f.line === undefined ? undefined : lineOf(text, f.line - firstLine + 1);
  return source === undefined ? "" : owned(codeFrame(source, f.column ?? 1));
}

/**
 * A copy of `s` that holds nothing else: a JSON Lines document's text is a slice of its whole chunk, and
 * strings built from it keep that chunk alive while a kept finding keeps them (1 MB per finding).
 */
const owned = (s: string): string => Buffer.from(s, "utf8").toString("utf8");

/** The n-th (1-based) line of text, without its line break. */
function lineOf(text: string, n: number): string | undefined {
  let start = 0;
  for (let i = 1; i < n; i += 1) {
    const next = text.indexOf("\n", start);
    if (next === -1) return undefined;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return text.slice(start, end === -1 ? undefined : end).replace(/\r$/, "");
}
