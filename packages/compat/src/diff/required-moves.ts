import type { CompatFinding } from "../types.js";

const OPTIONAL = new Set(["property-made-optional", "property-made-optional-without-default"]);
const REQUIRED = new Set(["property-made-required", "required-property-added"]);

/** The object a requiredness finding is about: its pointer without branches, conditionals or the property. */
const scope = (pointer: string): string =>
  /\/(allOf|anyOf|oneOf)\/\d+/.test(pointer)
    ? pointer.replace(/\/(allOf|anyOf|oneOf)\/\d+.*$/, "")
    : pointer.replace(/\/properties\/[^/]+$/, "");

const nameOf = (f: CompatFinding): string | undefined => /property "([^"]+)"/.exec(f.message)?.[1];

/**
 * A restructure moves `required` between an object and its allOf/if branches: one place reports a name
 * made optional, another the same name made required. The pair cancels out; it is reported once as
 * `required-moved` (no wire change) instead of two contradictory breaking changes.
 */
export function cancelRequiredMoves(findings: CompatFinding[], moved: (f: CompatFinding) => CompatFinding) {
  const drop = new Set<CompatFinding>();
  const out: CompatFinding[] = [];
  for (const b of findings) {
    // the newer requirement has to hold on every path too: not inside one anyOf/oneOf alternative or branch
    if (!REQUIRED.has(b.rule) || /\/(anyOf|oneOf)\/\d+|\/(then|else)(\/|$)/.test(b.pointer)) continue;
    const same = findings.filter(
      (a) =>
        OPTIONAL.has(a.rule) &&
        !drop.has(a) &&
        nameOf(a) === nameOf(b) &&
        scope(a.pointer) === scope(b.pointer),
    );
    // only a name the old version required on every path (a plain branch, or both then and else)
    const where = same.map((a) => a.fromPointer ?? a.pointer);
    const everywhere =
      where.some((w) => !/\/(then|else)\//.test(w)) ||
      (where.some((w) => w.includes("/then/")) && where.some((w) => w.includes("/else/")));
    if (same.length === 0 || !everywhere) continue;
    for (const a of [b, ...same]) drop.add(a);
    out.push(moved(b));
  }
  return [...findings.filter((f) => !drop.has(f)), ...out];
}
