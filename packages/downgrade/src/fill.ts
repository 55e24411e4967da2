import { escapeToken, finding, show } from "@keel/diagnostics";
import type { Run } from "./context.js";
import { setOwn } from "./json.js";
import { propertyNodes } from "./select.js";
import type { PlanNode } from "./types.js";

/** Walks a value at `pointer` under the given plan nodes (the walker, passed in to keep files acyclic). */
export type Descend = (value: unknown, nodes: number[], pointer: string) => unknown;

/**
 * Adds to `out` what the older version names and `obj` lacks: a filler may project any such property,
 * defaults only fill required ones; a required one with neither is a problem.
 */
export function fillMissing(
  run: Run,
  obj: Record<string, unknown>,
  out: Record<string, unknown>,
  here: PlanNode[],
  at: string,
  descend: Descend,
): void {
  const required = new Set(here.flatMap((n) => n.required ?? []));
  const named = here.flatMap((n) => Object.keys(n.props ?? {}));
  for (const key of new Set([...required, ...named])) {
    if (Object.hasOwn(out, key) || Object.hasOwn(obj, key)) continue;
    const ptr = `${at}/${escapeToken(key)}`;
    const given = run.options.fill?.({ pointer: at, property: key, original: obj });
    if (given === undefined && !required.has(key)) continue;
    const fallback = here.find((n) => n.defaults !== undefined && Object.hasOwn(n.defaults, key))?.defaults;
    const value = given !== undefined ? given : fallback?.[key];
    if (value === undefined) {
      run.problems.push(
        finding("downgrade/cannot-fill", { property: key, version: run.plan.to }, { pointer: ptr }),
      );
      continue;
    }
    setOwn(out, key, descend(value, propertyNodes(here, key), ptr));
    run.changes.push({ action: "filled", pointer: ptr, detail: `filled with ${show(value)}` });
  }
}
