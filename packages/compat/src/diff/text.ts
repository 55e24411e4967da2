/**
 * What changed in a text, word by word: the common start and end kept as short context, the rest shown
 * as `[-removed-]` / `{+added+}` (git's word-diff notation). Texts that share nothing are shown whole.
 */
export function textDiff(older: string, newer: string, context = 4): string {
  const a = older.split(/(\s+)/);
  const b = newer.split(/(\s+)/);
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const words = (x: string[]) => x.filter((w) => w.trim() !== "");
  const head = words(a.slice(0, p));
  const tail = words(a.slice(a.length - s));
  const removed = cut(a.slice(p, a.length - s).join(""));
  const added = cut(b.slice(p, b.length - s).join(""));
  const before = head.length > context ? ["…", ...head.slice(-context)] : head;
  const after = tail.length > context ? [...tail.slice(0, context), "…"] : tail;
  const change = [removed === "" ? "" : `[-${removed}-]`, added === "" ? "" : `{+${added}+}`].filter(
    (x) => x !== "",
  );
  return [...before, ...change, ...after].join(" ");
}

/** One line, at most `max` characters: a message stays readable in a terminal and a CI log. */
function cut(text: string, max = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
