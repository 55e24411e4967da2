import { escapeToken, isRecord, unescapeToken } from "@keel/diagnostics";

/** "/steps/*\/x" over a document: every concrete pointer it names. */
export function expand(doc: unknown, pointer: string): string[] {
  let found: Array<[string, unknown]> = [["", doc]];
  const tokens = pointer.split("/").slice(1).map(unescapeToken);
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    found = found.flatMap(([at, v]): Array<[string, unknown]> => {
      if (token === "*") return Array.isArray(v) ? v.map((x, j): [string, unknown] => [`${at}/${j}`, x]) : [];
      if (!isRecord(v) || (!last && !Object.hasOwn(v, token))) return [];
      return [[`${at}/${escapeToken(token)}`, v[token]]];
    });
  });
  return found.map(([at]) => at);
}
