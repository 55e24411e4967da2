/** A derived-file line as compared: its 1-based line in the text and its normalised content. */
export interface DerivedLine {
  line: number;
  text: string;
}

const SEPARATOR_CELL = /^:?-+:?$/;

/**
 * trace.md / lineage.md compared the way the markdown rules read them, so that a markdown formatter
 * (Biome, Prettier) may pad table cells and put blank lines around headings: blank lines are dropped,
 * trailing whitespace ignored, table cells trimmed and separator cells reduced to `---`.
 */
export function normalizeDerived(text: string): DerivedLine[] {
  const out: DerivedLine[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line.trim() === "") return;
    out.push({ line: i + 1, text: line.startsWith("|") ? normalizeRow(line) : line });
  });
  return out;
}

function normalizeRow(row: string): string {
  // split on pipes not escaped with a backslash (the milestone cell escapes its own)
  const cells = row
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
  return `| ${cells.map((c) => (SEPARATOR_CELL.test(c) ? "---" : c)).join(" | ")} |`;
}

/** True when two renderings say the same thing (see normalizeDerived). */
export function sameDerived(a: string, b: string): boolean {
  const x = normalizeDerived(a);
  const y = normalizeDerived(b);
  return x.length === y.length && x.every((l, i) => l.text === y[i]?.text);
}
