/**
 * A JSON text on one line, token for token: whitespace outside strings dropped, everything else kept as
 * written (numbers such as `3.0`, `-0`, `18446744073709551616` and escapes such as `\ud800` included), so
 * the adapter's own JSON parser reads what the fixture file holds.
 */
export function oneLine(text: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      out += ch;
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch !== " " && ch !== "\n" && ch !== "\r" && ch !== "\t") out += ch;
  }
  return out;
}
