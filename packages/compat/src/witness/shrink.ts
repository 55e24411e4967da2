/** Simpler values of the same JSON type, tried in place of a leaf while the witness still holds. */
function simpler(v: unknown): unknown[] {
  if (typeof v === "number") return [0, 1].filter((x) => x !== v && Math.abs(x) < Math.abs(v) + 1);
  if (typeof v === "string") return v.length > 1 ? ["", "x"] : [];
  return [];
}

/**
 * The smallest variant of `doc` that still `holds`: members of objects and items of arrays removed one at a
 * time while it holds, `depth` levels deep, and leaves replaced by simpler values of their type. Greedy,
 * bounded by the document's size.
 */
export function shrink(doc: unknown, holds: (d: unknown) => boolean, depth = 2): unknown {
  if (depth === 0 || doc === null || typeof doc !== "object") {
    for (const s of simpler(doc)) if (holds(s)) return s;
    return doc;
  }
  if (Array.isArray(doc)) {
    let cur = doc as unknown[];
    for (let i = cur.length - 1; i >= 0; i--) {
      const next = cur.filter((_, j) => j !== i);
      if (holds(next)) cur = next;
    }
    const out = [...cur];
    for (let i = 0; i < out.length; i++)
      out[i] = shrink(out[i], (d) => holds(out.map((x, j) => (j === i ? d : x))), depth - 1);
    return out;
  }
  let cur = doc as Record<string, unknown>;
  for (const key of Object.keys(cur)) {
    const { [key]: _, ...rest } = cur;
    if (holds(rest)) cur = rest;
  }
  const out = { ...cur };
  for (const key of Object.keys(out))
    out[key] = shrink(out[key], (d) => holds({ ...out, [key]: d }), depth - 1);
  return out;
}
