/** A 1-based line and column, as editors show them. */
export interface LineColumn {
  line: number;
  column: number;
}

/** Line and column of a UTF-16 offset into `text`; columns count UTF-16 units like editors and V8 do. */
export function lineColumnAt(text: string, offset: number): LineColumn {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < clamped; i = text.indexOf("\n", i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: clamped - lineStart + 1 };
}

/** `file:line:column`, the form terminals make clickable. */
export function formatLocation(file: string, at?: Partial<LineColumn>): string {
  if (at?.line === undefined) return file;
  return at.column === undefined ? `${file}:${at.line}` : `${file}:${at.line}:${at.column}`;
}
