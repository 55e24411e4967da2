import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import type { RunContext } from "./context.js";
import { at } from "./read.js";
import { coverageTable, frontierAxes, type SearchSpace } from "./search-space.js";

const FILE = "search_space.md";

/**
 * Records' reflect blocks against search_space.md: `record-reflect` (the named section exists; the
 * reflection_trace.md half is commit-iter-contents), `search-reflect-consistency`, `search-reflection-after`.
 */
export function lintReflections(ctx: RunContext, doc: SearchSpace): FileFinding[] {
  const found: FileFinding[] = [];
  const claims = new Map<number, number[]>();
  for (const [n, { record }] of [...ctx.iterations.entries()].sort(([a], [b]) => a - b)) {
    const reflect = record?.reflect;
    if (!reflect) continue;
    const file = `iteration/iter_${n}/record.json`;
    const k = Number(reflect.reflection_id.replace(/^reflection_/, ""));
    claims.set(k, [...(claims.get(k) ?? []), n]);
    const section = doc.reflections.find((r) => r.head?.k === k);
    if (!section?.head) {
      found.push({
        ...issue(
          "record-reflect",
          "error",
          `expected a "## ${reflect.reflection_id} (…)" section in search_space.md, found none`,
          "/reflect/reflection_id",
        ),
        file,
      });
      continue;
    }
    // without a table search-coverage-table reports it; the status is then not compared
    const rows = coverageTable(section)?.rows;
    const exhausted = rows?.every((x) => x.status === "exhausted" || x.status === "closed");
    const frontier = frontierAxes(section);
    const differences = [
      section.head.trigger !== reflect.trigger ? `trigger ${section.head.trigger}` : "",
      exhausted !== undefined && exhausted !== (reflect.status === "SPACE_EXHAUSTED")
        ? `${exhausted ? "no" : "some"} open axis in the table`
        : "",
      frontier.join(",") !== reflect.frontier_axes.join(",") ? `frontier [${frontier.join(", ")}]` : "",
    ].filter(Boolean);
    if (differences.length > 0) {
      found.push({
        ...issue(
          "search-reflect-consistency",
          "error",
          `expected search_space.md's ${reflect.reflection_id} to match trigger ${reflect.trigger}, status ${reflect.status} and frontier [${reflect.frontier_axes.join(", ")}], found ${differences.join(", ")}`,
          "/reflect",
        ),
        file,
      });
    }
    if (section.head.after !== n - 1) {
      found.push(
        at(
          FILE,
          issue(
            "search-reflection-after",
            "warning",
            `expected reflection_${k} after iter_${n - 1} (it is in record iter_${n}), found after iter_${section.head.after}`,
          ),
          section.line,
        ),
      );
    }
  }
  for (const r of doc.reflections) {
    if (!r.head) continue;
    const by = claims.get(r.head.k) ?? [];
    if (by.length === 1) continue;
    // REFLECT runs at the start of iteration last + 1, before that iteration commits
    const inFlight = by.length === 0 && r.head.after === ctx.last;
    const what = by.length === 0 ? "no record" : by.map((n) => `iter_${n}`).join(" and ");
    found.push(
      at(
        FILE,
        issue(
          "search-reflect-consistency",
          inFlight ? "warning" : "error",
          `expected reflection_${r.head.k} claimed by exactly one record${inFlight ? " (or written by the in-flight iteration)" : ""}, found ${what}`,
        ),
        r.line,
      ),
    );
  }
  return found;
}
