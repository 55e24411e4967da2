import { type Bullet, bullets, heading, type MdLine, mdLines } from "./markdown.js";

const AXIS = /^(?:\*\*|`)?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:\*\*|`)?:/;
const ADDED = /\(added: iter_(0|[1-9][0-9]*)\)$/;
export const REFLECTION =
  /^reflection_(\d+)\s+\(trigger: (heartbeat|concentration|skip) · after iter_(\d+) · audited iter_(\d+)\.\.iter_(\d+)\)$/;

export interface AxisBullet {
  line: number;
  text: string;
  /** The leading `name:` token, undefined when the bullet does not start with one. */
  name: string | undefined;
  /** n of a trailing `(added: iter_n)`. */
  added: number | undefined;
}

export interface Reflection {
  line: number;
  /** The heading text after `## `. */
  title: string;
  /** Parsed heading, undefined when it does not match REFLECTION. */
  head?: { k: number; trigger: string; after: number; from: number; to: number };
  /** Lines of the section up to the next H2 (heading excluded). */
  body: MdLine[];
}

export interface SearchSpace {
  /** Every H2 with its line, in file order. */
  h2: { title: string; line: number }[];
  axes: AxisBullet[];
  reflections: Reflection[];
}

const axisBullet = (b: Bullet): AxisBullet => {
  // the marker ends the axis's own line(s); its sub-bullets (definition, examples) come after it
  const added = ADDED.exec(b.own)?.[1];
  return {
    line: b.line,
    text: b.text,
    name: AXIS.exec(b.text)?.[1],
    added: added === undefined ? undefined : Number(added),
  };
};

/** search_space.md as markdown-rules § 4 reads it: `## Axes`, optional `## Coverage`, reflection sections. */
export function readSearchSpace(text: string): SearchSpace {
  const lines = mdLines(text);
  const h2: SearchSpace["h2"] = [];
  const reflections: Reflection[] = [];
  let current: Reflection | undefined;
  for (const l of lines) {
    const title = heading(l.text, 2);
    if (title !== undefined) {
      h2.push({ title, line: l.line });
      current = undefined;
      if (title !== "Axes" && title !== "Coverage") {
        const m = REFLECTION.exec(title);
        const head = m
          ? {
              k: Number(m[1]),
              trigger: m[2] as string,
              after: Number(m[3]),
              from: Number(m[4]),
              to: Number(m[5]),
            }
          : undefined;
        current = { line: l.line, title, ...(head ? { head } : {}), body: [] };
        reflections.push(current);
      }
    } else current?.body.push(l);
  }
  const axes = bullets(lines)
    .filter((b) => b.section === "Axes")
    .map(axisBullet);
  return { h2, axes, reflections };
}

/** Axis names of search_space.md's `## Axes` section (markdown-rules § 4 `search-axis-bullet`). */
export function readAxes(text: string): Set<string> {
  return new Set(readSearchSpace(text).axes.flatMap((a) => a.name ?? []));
}

/** The lines under an H3 of a reflection section, up to the next H3; undefined when the H3 is absent. */
export function subsection(r: Reflection, title: string): MdLine[] | undefined {
  const start = r.body.findIndex((l) => heading(l.text, 3) === title);
  if (start < 0) return undefined;
  const rest = r.body.slice(start + 1);
  const end = rest.findIndex((l) => /^#{1,3} /.test(l.text));
  return end < 0 ? rest : rest.slice(0, end);
}

export interface CoverageRow {
  line: number;
  axis: string;
  status: string;
  iters: string;
  verdict: string;
}

const cells = (text: string): string[] =>
  text
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());

/** The first table of a reflection section before its first H3: header cells and data rows. */
export function coverageTable(
  r: Reflection,
): { header: string[]; line: number; rows: CoverageRow[] } | undefined {
  const h3 = r.body.findIndex((l) => heading(l.text, 3) !== undefined);
  const before = h3 < 0 ? r.body : r.body.slice(0, h3);
  const start = before.findIndex((l) => l.text.startsWith("|"));
  if (start < 0) return undefined;
  const block: MdLine[] = [];
  for (const l of before.slice(start)) {
    if (!l.text.startsWith("|")) break;
    block.push(l);
  }
  const [head, , ...data] = block;
  const rows = data.map((l) => {
    const [axis = "", status = "", iters = "", verdict = ""] = cells(l.text);
    return { line: l.line, axis: axis.replace(/^(\*\*|`)|(\*\*|`)$/g, ""), status, iters, verdict };
  });
  return { header: cells(head?.text ?? ""), line: head?.line ?? r.line, rows };
}

/** Axes of the `### Frontier (ranked)` list in order (empty for `(none)` or no list). */
export const frontierAxes = (r: Reflection): string[] =>
  (subsection(r, "Frontier (ranked)") ?? []).flatMap(
    (l) => /^\d+\. \*\*([^*]+)\*\* — /.exec(l.text)?.[1] ?? [],
  );
