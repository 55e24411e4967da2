import { bullets } from "./markdown.js";
import { coverageTable, type Reflection, type SearchSpace, subsection } from "./search-space.js";

const STATUS = new Set(["untouched", "partial", "exhausted", "closed"]);
const OPEN = new Set(["untouched", "partial"]);
// iteration references as the seed writes them: iter_3, iter_1..iter_7, iter_1..7, iter_5/6
const REF = String.raw`iter_\d+(?:\.\.(?:iter_)?\d+|(?:\/\d+)+)?`;
const ITERS = new RegExp(`^(—|${REF}(\\s*,\\s*${REF})*)$`);
const FRONTIER_ITEM = /^(\d+)\. \*\*([^*]+)\*\* — \S/;
const EXTENSION = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*): \S.* — \S.* \(added: iter_(\d+)\)$/;

export type Add = (rule: string, message: string, line: number) => void;

/** Coverage table, frontier and extensions of one well-headed reflection section. */
export function reflectionRules(doc: SearchSpace, r: Reflection, add: Add): void {
  const after = r.head?.after ?? 0;
  // axes that existed at this reflection: seeds and axes added up to the iteration it runs in
  const existing = new Set(
    doc.axes.flatMap((a) => (a.name && (a.added === undefined || a.added <= after + 1) ? [a.name] : [])),
  );
  const table = coverageTable(r);
  const rows = table?.rows ?? [];
  if (table?.header.join(" | ") !== "axis | status | iters | verdict") {
    add(
      "search-coverage-table",
      `expected a table "| axis | status | iters | verdict |" in reflection_${r.head?.k}, found ${table ? `"| ${table.header.join(" | ")} |"` : "none"}`,
      table?.line ?? r.line,
    );
  } else {
    const listed = new Set<string>();
    for (const row of rows) {
      const problem = !existing.has(row.axis)
        ? `unknown axis ${row.axis}`
        : listed.has(row.axis)
          ? `${row.axis} twice`
          : !STATUS.has(row.status)
            ? `status ${row.status}`
            : !ITERS.test(row.iters)
              ? `iters ${row.iters}`
              : undefined;
      listed.add(row.axis);
      if (problem)
        add(
          "search-coverage-table",
          `expected one row per axis with status untouched|partial|exhausted|closed and iters — or iter_n, found ${problem}`,
          row.line,
        );
    }
    const absent = [...existing].filter((x) => !listed.has(x));
    if (absent.length > 0)
      add(
        "search-coverage-table",
        `expected a row for every axis that existed at reflection_${r.head?.k}, found ${absent.join(", ")} missing`,
        table.line,
      );
  }
  frontierRule(r, rows, add);
  extensionRule(doc, r, add);
}

function frontierRule(r: Reflection, rows: { axis: string; status: string }[], add: Add): void {
  const lines = subsection(r, "Frontier (ranked)");
  const items = (lines ?? []).filter((l) => l.text.trim() !== "" && !/^\s/.test(l.text));
  const open = rows.filter((x) => OPEN.has(x.status)).map((x) => x.axis);
  const fail = (message: string, line = r.line): void => add("search-frontier", message, line);
  if (lines === undefined) {
    fail(`expected "### Frontier (ranked)" in reflection_${r.head?.k}, found none`);
    return;
  }
  if (items.length === 1 && items[0]?.text === "(none)") {
    if (open.length > 0)
      fail(`expected a ranked frontier while ${open.join(", ")} are open, found (none)`, items[0].line);
    return;
  }
  if (items.length === 0) {
    fail("expected a numbered frontier list or (none), found nothing");
    return;
  }
  const seen = new Set<string>();
  items.forEach((l, i) => {
    const m = FRONTIER_ITEM.exec(l.text);
    const axis = m?.[2];
    if (!m || Number(m[1]) !== i + 1)
      fail(`expected item "${i + 1}. **axis** — …", found "${l.text.slice(0, 40)}"`, l.line);
    else if (!open.includes(axis as string) || seen.has(axis as string))
      fail(
        `expected a frontier axis listed once with status untouched or partial in the table, found ${axis}`,
        l.line,
      );
    if (axis) seen.add(axis);
  });
}

function extensionRule(doc: SearchSpace, r: Reflection, add: Add): void {
  const lines = subsection(r, "Axes extensions this reflection");
  const fail = (message: string, line = r.line): void => add("search-extensions", message, line);
  if (lines === undefined) {
    fail(`expected "### Axes extensions this reflection" in reflection_${r.head?.k}, found none`);
    return;
  }
  const content = lines.filter((l) => l.text.trim() !== "");
  if (content.length === 1 && content[0]?.text === "(none)") return;
  const list = bullets(lines);
  if (list.length === 0) {
    fail("expected (none) or extension bullets, found nothing");
    return;
  }
  for (const b of list) {
    const m = EXTENSION.exec(b.own);
    if (!m) {
      fail(
        `expected "- <axis>: <definition> — <why distinct> (added: iter_n)", found "${b.text.slice(0, 40)}"`,
        b.line,
      );
      continue;
    }
    const [, axis, n] = m;
    if (!doc.axes.some((a) => a.name === axis && a.added === Number(n)))
      fail(`expected ${axis} also under ## Axes with (added: iter_${n}), found it missing there`, b.line);
  }
}
