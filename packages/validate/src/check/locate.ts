import type { Finding } from "@keel/diagnostics";
import { locatePointers, locateYamlPointers } from "@keel/schema-model";

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
