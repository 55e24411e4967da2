import {
  getAtPointer,
  joinPointer,
  type SchemaFile,
  type SchemaObject,
  type SchemaSet,
} from "@keel/schema-model";
import type { Generate } from "./candidates.js";

/** One subschema of a set: a file and a pointer in it. */
export interface Node {
  file: SchemaFile;
  pointer: string;
}

/** One level of a document on the way to a place: the subschema that applies there and the step down. */
export interface Level {
  /** where the value at this level lands (the property's or item's own subschema; the root first) */
  landing: Node;
  /** the subschema whose keyword takes the step (landing, or a branch/$ref target of it) */
  container: Node;
  /** the member name or item index of the next level */
  step: string | number;
  /** the subschemas passed at this level, landing to container (branches and `$ref`s taken) */
  through: Node[];
}

/** How to reach a subschema from a document root: the levels above it and the node it applies at. */
export interface Route {
  levels: Level[];
  target: Node;
  /** where the target's value lands, and the subschemas passed from there to the target */
  landing: Node;
  through: Node[];
}

const key = (n: Node): string => `${n.file.id}#${n.pointer}`;
const obj = (v: unknown): SchemaObject | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as SchemaObject) : undefined;

/** A member name `pattern` matches (the faker's regex generator, then a few plain names). */
export function nameFor(gen: Generate, pattern: string, avoid: (n: string) => boolean): string | undefined {
  const test = (n: string) => {
    try {
      return new RegExp(pattern, "u").test(n) && !avoid(n);
    } catch {
      return false;
    }
  };
  for (const n of ["x", "a", "x-a", "@a/b", "a/b", "A", "1"]) if (test(n)) return n;
  for (let seed = 1; seed <= 5; seed++) {
    try {
      const n = gen({ type: "string", pattern } as never, { seed } as never);
      if (typeof n === "string" && test(n)) return n;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

interface Edge {
  to: Node;
  step?: string | number;
}

/** The subschemas one keyword away from `n` that apply to the same value or to one member or item of it. */
function edges(set: SchemaSet, gen: Generate, n: Node): Edge[] {
  const s = obj(getAtPointer(n.file.schema, n.pointer));
  if (s === undefined) return [];
  const at = (...t: Array<string | number>): Node => ({
    file: n.file,
    pointer: joinPointer(n.pointer, ...t),
  });
  const out: Edge[] = [];
  if (typeof s.$ref === "string") {
    try {
      const r = set.resolve(s.$ref, n.file);
      out.push({ to: { file: r.file, pointer: r.pointer } });
    } catch {
      // an unresolved reference leads nowhere
    }
  }
  for (const kw of ["allOf", "anyOf", "oneOf"])
    if (Array.isArray(s[kw]))
      for (let i = 0; i < (s[kw] as unknown[]).length; i++) out.push({ to: at(kw, i) });
  for (const kw of ["then", "else"]) if (obj(s[kw]) !== undefined) out.push({ to: at(kw) });
  const props = obj(s.properties) ?? {};
  for (const name of Object.keys(props)) out.push({ to: at("properties", name), step: name });
  const patterns = Object.keys(obj(s.patternProperties) ?? {});
  for (const p of patterns) {
    const name = nameFor(gen, p, (x) => Object.hasOwn(props, x));
    if (name !== undefined) out.push({ to: at("patternProperties", p), step: name });
  }
  if (obj(s.additionalProperties) !== undefined) {
    const name = ["x-keel", "keel", "zz"].find(
      (x) => !Object.hasOwn(props, x) && !patterns.some((p) => safeTest(p, x)),
    );
    if (name !== undefined) out.push({ to: at("additionalProperties"), step: name });
  }
  if (Array.isArray(s.items))
    for (let i = 0; i < (s.items as unknown[]).length; i++) out.push({ to: at("items", i), step: i });
  else if (obj(s.items) !== undefined) out.push({ to: at("items"), step: 0 });
  if (Array.isArray(s.prefixItems))
    for (let i = 0; i < (s.prefixItems as unknown[]).length; i++)
      out.push({ to: at("prefixItems", i), step: i });
  if (obj(s.additionalItems) !== undefined && Array.isArray(s.items))
    out.push({ to: at("additionalItems"), step: (s.items as unknown[]).length });
  if (obj(s.contains) !== undefined) out.push({ to: at("contains"), step: 0 });
  return out;
}

function safeTest(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}

/**
 * The shortest route (fewest levels) from a document root to the subschema at `target`: breadth first
 * through members, items, branches and `$ref`s (across the set's files). Undefined when none reaches it.
 */
export function routeTo(
  set: SchemaSet,
  gen: Generate,
  root: Node,
  target: Node,
  limit = 20_000,
  /** a move not to take (a shielded alternative); `searched.all` says whether every other move was tried */
  avoid?: (from: Node, to: Node) => boolean,
  searched: { all: boolean } = { all: false },
): Route | undefined {
  interface State {
    node: Node;
    levels: Level[];
    landing: Node;
    path: Node[];
  }
  const goal = key(target);
  const seen = new Set<string>([key(root)]);
  let frontier: State[] = [{ node: root, levels: [], landing: root, path: [root] }];
  let visited = 0;
  while (frontier.length > 0 && visited < limit) {
    const next: State[] = [];
    // same-level moves (branches, $refs) first, so a route takes the fewest members and items
    const queue = [...frontier];
    while (queue.length > 0 && visited < limit) {
      const st = queue.shift() as State;
      visited++;
      if (key(st.node) === goal)
        return { levels: st.levels, target: st.node, landing: st.landing, through: st.path };
      for (const e of edges(set, gen, st.node)) {
        const k = key(e.to);
        if (seen.has(k) || avoid?.(st.node, e.to) === true) continue;
        seen.add(k);
        if (e.step === undefined) queue.push({ ...st, node: e.to, path: [...st.path, e.to] });
        else
          next.push({
            node: e.to,
            landing: e.to,
            path: [e.to],
            levels: [
              ...st.levels,
              { landing: st.landing, container: st.node, step: e.step, through: st.path },
            ],
          });
      }
    }
    frontier = next;
  }
  searched.all = frontier.length === 0 && visited < limit;
  return undefined;
}

/** A file of a set by name; a history's revisions: one own file on each side under different names. */
export function fileNamed(set: SchemaSet, name: string, other: SchemaSet): SchemaFile | undefined {
  const own = set.all.find((x) => x.name === name);
  if (own !== undefined) return own;
  return set.own.length === 1 && other.own.some((x) => x.name === name) ? set.own[0] : undefined;
}
