/** How bad a finding is: errors fail a run, warnings and infos never do. */
export type Severity = "error" | "warning" | "info";

/**
 * One thing keel noticed, as data. `code` is namespaced kebab-case (`schema/max-length`), `pointer` a
 * JSON Pointer into the document ("" is the whole document), `line`/`column` 1-based in its source text.
 */
export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  pointer: string;
  line?: number;
  column?: number;
  hint?: string;
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "error");
}

/** A finding together with the file it is about (paths relative to the repository root where possible). */
export interface FileFinding extends Finding {
  file: string;
}
