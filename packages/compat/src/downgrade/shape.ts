import { childNode, type SchemaNode } from "../node.js";
import { mismatch } from "./match.js";

/**
 * The schema nodes that apply to one value: the node itself, every allOf part, the best-fitting
 * anyOf/oneOf alternative and the then/else an if selects, recursively.
 */
export function applicable(value: unknown, node: SchemaNode, depth = 0): SchemaNode[] {
  const out = [node];
  if (depth > 8) return out;
  const all = node.schema.allOf;
  if (Array.isArray(all))
    all.forEach((_, i) => {
      const b = childNode(node, "allOf", i);
      if (b !== undefined) out.push(...applicable(value, b, depth + 1));
    });
  for (const kw of ["anyOf", "oneOf"]) {
    const list = node.schema[kw];
    if (!Array.isArray(list)) continue;
    let best: SchemaNode | undefined;
    let bestScore = Number.POSITIVE_INFINITY;
    list.forEach((_, i) => {
      const b = childNode(node, kw, i);
      const s = b === undefined ? Number.POSITIVE_INFINITY : mismatch(value, b);
      if (b !== undefined && (best === undefined || s < bestScore)) [best, bestScore] = [b, s];
    });
    if (best !== undefined) out.push(...applicable(value, best, depth + 1));
  }
  const cond = childNode(node, "if");
  if (cond !== undefined) {
    const branch = childNode(node, mismatch(value, cond) === 0 ? "then" : "else");
    if (branch !== undefined) out.push(...applicable(value, branch, depth + 1));
  }
  return out;
}

/** What the applicable nodes say about an object: its named properties, closedness, required names. */
export class ObjectShape {
  constructor(readonly nodes: SchemaNode[]) {}

  /** every schema the applicable nodes give for a named (or pattern-matched) property; empty when none */
  property(name: string): SchemaNode[] {
    const out: SchemaNode[] = [];
    for (const n of this.nodes) {
      const props = n.schema.properties as Record<string, unknown> | undefined;
      const named =
        props !== undefined && Object.hasOwn(props, name) ? childNode(n, "properties", name) : undefined;
      if (named !== undefined) out.push(named);
      for (const p of Object.keys((n.schema.patternProperties ?? {}) as object)) {
        const matched = new RegExp(p, "u").test(name) ? childNode(n, "patternProperties", p) : undefined;
        if (matched !== undefined) out.push(matched);
      }
    }
    return out;
  }

  /** the schemas for properties it does not name, where it gives them */
  additional(): SchemaNode[] {
    return this.nodes.flatMap((n) => {
      const ap = n.schema.additionalProperties;
      const child = ap !== null && typeof ap === "object" ? childNode(n, "additionalProperties") : undefined;
      return child === undefined ? [] : [child];
    });
  }

  get closed(): boolean {
    return this.nodes.some(
      (n) => n.schema.additionalProperties === false || n.schema.unevaluatedProperties === false,
    );
  }

  get required(): string[] {
    const names = this.nodes.flatMap((n) =>
      Array.isArray(n.schema.required) ? n.schema.required.map(String) : [],
    );
    return [...new Set(names)];
  }
}

/** The schemas of array item `index`: tuple positions, else items schemas. */
export function itemNodes(nodes: SchemaNode[], index: number): SchemaNode[] {
  return nodes.flatMap((n) => {
    const items = n.schema.items;
    const prefix = Array.isArray(items) ? items : n.schema.prefixItems;
    const [kw, rest] = Array.isArray(items) ? ["items", "additionalItems"] : ["prefixItems", "items"];
    const child =
      Array.isArray(prefix) && index < prefix.length ? childNode(n, kw, index) : childNode(n, rest);
    return child === undefined ? [] : [child];
  });
}
