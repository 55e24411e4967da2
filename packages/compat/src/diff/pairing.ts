import { canonical } from "../canonical.js";
import { nodeAt, type SchemaNode } from "../schema-node.js";

/** One alternative of an anyOf/oneOf/allOf, read through its `$ref`. */
export interface Branch {
  index: number;
  raw: unknown;
  node: SchemaNode;
}

export function branches(node: SchemaNode, keyword: string): Branch[] {
  const list = node.schema[keyword];
  const where = node.origin.get(keyword);
  if (!Array.isArray(list) || where === undefined) return [];
  return list.map((raw, index) => ({
    index,
    raw,
    node: nodeAt(node.set, where.file, `${where.pointer}/${keyword}/${index}`, raw),
  }));
}

/** The definition a branch names (`#/$defs/Foo` → Foo), when it is a `$ref`. */
const refName = (b: Branch): string | undefined =>
  b.node.chain.length > 1 ? b.node.at.pointer.split("/").pop() : undefined;

/** Values of properties with a `const` (discriminators such as kind, type, method). */
function discriminators(b: Branch): string[] {
  const props = (b.node.schema.properties ?? {}) as Record<string, unknown>;
  return Object.entries(props)
    .filter(([, s]) => s !== null && typeof s === "object" && Object.hasOwn(s, "const"))
    .map(([k, s]) => `${k}=${canonical((s as { const: unknown }).const)}`);
}

const KEYS: Array<(b: Branch) => string | undefined> = [
  (b) => canonical(b.raw),
  refName,
  // an if/then branch (a method's typed params) is known by its condition
  (b) => (b.node.schema.if === undefined ? undefined : `if ${canonical(b.node.schema.if)}`),
  (b) => {
    const d = discriminators(b);
    return d.length > 0 ? d.sort().join("&") : undefined;
  },
  (b) => (Array.isArray(b.node.schema.required) ? canonical([...b.node.schema.required].sort()) : undefined),
  (b) => (typeof b.node.schema.type === "string" ? b.node.schema.type : undefined),
];

/**
 * Pair the alternatives of two versions: equal text first, then the same `$ref` name, the same `if`,
 * the same discriminator values, the same required set, the same single type; what is left pairs by position
 * when as many are left on each side. Unpaired ones were added or removed.
 */
export function pairBranches(older: Branch[], newer: Branch[]) {
  const pairs: Array<[Branch, Branch]> = [];
  let a = [...older];
  let b = [...newer];
  for (const key of KEYS) {
    for (const x of [...a]) {
      const k = key(x);
      if (k === undefined) continue;
      const matches = b.filter((y) => key(y) === k);
      const back = a.filter((y) => key(y) === k);
      if (matches.length !== 1 || back.length !== 1) continue;
      const y = matches[0] as Branch;
      pairs.push([x, y]);
      a = a.filter((z) => z !== x);
      b = b.filter((z) => z !== y);
    }
  }
  // alternatives edited in place: pair what is left by position when both sides have as many left
  if (a.length === b.length) {
    for (const [i, x] of a.entries()) pairs.push([x, b[i] as Branch]);
    a = [];
    b = [];
  }
  return { pairs, removed: a, added: b };
}
