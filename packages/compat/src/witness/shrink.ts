/**
 * The smallest variant of `doc` that still `holds`: members of objects and items of arrays removed one at a
 * time while it holds, two levels deep. Greedy, bounded by the document's size.
 */
export function shrink(doc: unknown, holds: (d: unknown) => boolean, depth = 2): unknown {
  if (depth === 0 || doc === null || typeof doc !== "object") return doc;
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
