/**
 * The alternatives a pattern gained when it only gained alternatives: the two differ in one `(…|…)`
 * group (or the top-level alternation) and every old alternative is still there. undefined for any
 * other change, which is not judged here.
 */
export function addedAlternatives(older: string, newer: string): string[] | undefined {
  return gained(older, newer)?.added;
}

/**
 * The newer pattern with the group that gained alternatives holding only those (`^(Artifact|EnterWorktree)…$`
 * for a permission rule that gained two tools): strings it matches are what only the newer pattern accepts.
 */
export function gainedOnly(older: string, newer: string): string | undefined {
  const g = gained(older, newer);
  if (g === undefined || g.added.length === 0) return undefined;
  // the whole enclosing group holds only the added alternatives (not the unchanged ones beside them)
  let open = g.start;
  for (let depth = 0; open > 0; open--) {
    const c = newer[open - 1];
    if (newer[open - 2] === "\\") continue;
    if (c === ")") depth++;
    else if (c === "(" && depth-- === 0) break;
  }
  let close = newer.length - g.end;
  for (let depth = 0; close < newer.length; close++) {
    const c = newer[close];
    if (newer[close - 1] === "\\") continue;
    if (c === "(") depth++;
    else if (c === ")" && depth-- === 0) break;
  }
  return `${newer.slice(0, open)}${g.added.join("|")}${newer.slice(close)}`;
}

function gained(older: string, newer: string): { added: string[]; start: number; end: number } | undefined {
  if (older === newer) return undefined;
  let p = 0;
  while (p < older.length && older[p] === newer[p]) p++;
  let s = 0;
  while (s < older.length - p && s < newer.length - p && older.at(-1 - s) === newer.at(-1 - s)) s++;
  // widen the differing middle to whole alternatives of the enclosing group
  while (p > 0 && !"(|".includes(older[p - 1] as string)) p--;
  while (s > 0 && !")|".includes(older.at(-s) as string)) s--;
  const mid = (x: string) => x.slice(p, x.length - s);
  const a = mid(older);
  const b = mid(newer);
  if (/[()\\]/.test(a + b) && !balanced(a)) return undefined;
  const alts = (x: string) => x.split("|").filter((y) => y !== "");
  const bs = new Set(alts(b));
  if (/[()]/.test(a) || !alts(a).every((x) => bs.has(x)) || !balanced(b)) return undefined;
  const as = new Set(alts(a));
  return { added: [...bs].filter((x) => !as.has(x)), start: p, end: s };
}

function balanced(x: string): boolean {
  let depth = 0;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === "\\") i++;
    else if (x[i] === "(") depth++;
    else if (x[i] === ")" && --depth < 0) return false;
  }
  return depth === 0;
}
