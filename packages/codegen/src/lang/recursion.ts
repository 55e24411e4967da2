import type { Shape, TypeDef } from "./model.js";

/** Every `Owner>Target` reference that closes a cycle (Target reaches Owner): Go and Rust hold those by pointer. */
export function recursiveRefs(types: readonly TypeDef[]): Set<string> {
  const edges = new Map<string, Set<string>>();
  for (const t of types) {
    const to = new Set<string>();
    const shapes =
      t.kind === "struct"
        ? [...t.fields.map((f) => f.shape), ...(t.extra ? [t.extra] : [])]
        : t.kind === "alias"
          ? [t.shape]
          : [];
    for (const s of shapes) refsOf(s, to);
    if (t.kind === "union") for (const v of t.variants) to.add(v);
    edges.set(t.name, to);
  }
  const reaches = (from: string, target: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const n = stack.pop() as string;
      if (n === target) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(edges.get(n) ?? []));
    }
    return false;
  };
  const out = new Set<string>();
  for (const [owner, to] of edges)
    for (const target of to) if (reaches(target, owner)) out.add(`${owner}>${target}`);
  return out;
}

function refsOf(s: Shape, into: Set<string>): void {
  if (s.k === "ref") into.add(s.name);
  else if (s.k === "array") refsOf(s.item, into);
  else if (s.k === "map") refsOf(s.value, into);
  else if (s.k === "nullable") refsOf(s.inner, into);
}
