/** A markdown line as the rules read it (markdown-rules § 0): fences and HTML comments blanked. */
export interface MdLine {
  line: number;
  text: string;
}

export interface Bullet {
  line: number;
  /** the whole bullet, continuation and sub-bullets included, whitespace-normalised */
  text: string;
  /** the bullet's own paragraph: its first line and wrapped lines, before any indented sub-bullet */
  own: string;
  section: string | undefined;
}

/** Lines with trailing whitespace removed; text in fenced code blocks and HTML comments becomes "". */
export function mdLines(source: string): MdLine[] {
  let fenced = false;
  let comment = false;
  return source.split("\n").map((raw, i) => {
    let text = raw.trimEnd();
    if (/^(```|~~~)/.test(text)) {
      fenced = !fenced;
      return { line: i + 1, text: "" };
    }
    if (fenced) return { line: i + 1, text: "" };
    let out = "";
    while (text.length > 0) {
      if (comment) {
        const end = text.indexOf("-->");
        if (end < 0) text = "";
        else {
          comment = false;
          text = text.slice(end + 3);
        }
      } else {
        const start = text.indexOf("<!--");
        if (start < 0) {
          out += text;
          text = "";
        } else {
          out += text.slice(0, start);
          comment = true;
          text = text.slice(start + 4);
        }
      }
    }
    return { line: i + 1, text: out.trimEnd() };
  });
}

export const heading = (text: string, level: number): string | undefined => {
  const m = /^(#{1,6}) (.*)$/.exec(text);
  return m && m[1]?.length === level ? (m[2] as string).trim() : undefined;
};

/** Top-level bullets (`- ` / `* ` at column 0) with their indented continuation, under their H2. */
export function bullets(lines: readonly MdLine[]): Bullet[] {
  const found: Bullet[] = [];
  let section: string | undefined;
  let current: Bullet | undefined;
  let sub = false;
  for (const { line, text } of lines) {
    const h2 = heading(text, 2);
    if (h2 !== undefined || /^#/.test(text)) {
      if (h2 !== undefined) section = h2;
      current = undefined;
    } else if (/^[-*] /.test(text)) {
      current = { line, text: text.slice(2).trim(), own: text.slice(2).trim(), section };
      sub = false;
      found.push(current);
    } else if (current && /^ {2,}\S/.test(text)) {
      current.text = `${current.text} ${text.trim()}`.replace(/\s+/g, " ");
      sub ||= /^ {2,}[-*] /.test(text);
      if (!sub) current.own = `${current.own} ${text.trim()}`.replace(/\s+/g, " ");
    } else if (text.trim() === "" || !/^\s/.test(text)) {
      current = undefined;
    }
  }
  return found;
}
