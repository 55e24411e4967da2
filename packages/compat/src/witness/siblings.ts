import { getAtPointer, joinPointer, type SchemaObject, type SchemaSet } from "@keel/schema-model";
import { PROBES } from "./candidates.js";
import type { ValidAt } from "./embed.js";
import type { Node, Route } from "./place.js";

const record = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The schema a node holds, through its `$ref`s (any file of the set). */
function target(set: SchemaSet, n: Node): SchemaObject | undefined {
  let s = getAtPointer(n.file.schema, n.pointer);
  let file = n.file;
  for (let i = 0; i < 8 && record(s) && typeof s.$ref === "string"; i++) {
    try {
      const r = set.resolve(s.$ref, file);
      s = r.schema;
      file = r.file;
    } catch {
      return undefined;
    }
  }
  return record(s) ? (s as SchemaObject) : undefined;
}

const names = (s: SchemaObject | undefined): string[] =>
  record(s?.properties) ? Object.keys(s.properties) : [];

/**
 * `value` with members added so that each `anyOf`/`oneOf` alternative beside the one the route took
 * refuses it, while the level stays valid: tsconfig's `references` sits in an `anyOf` whose `files`
 * alternative accepts any document without `files`, so a change inside `references` shows only in a
 * document whose `files`, `exclude` and `include` their own alternatives refuse.
 */
function refuseSiblings(
  set: SchemaSet,
  through: Node[],
  landing: Node,
  value: unknown,
  valid: ValidAt,
): unknown {
  if (!record(value)) return value;
  let cur = value;
  for (let i = 1; i < through.length; i++) {
    const parent = through[i - 1] as Node;
    const chosen = through[i] as Node;
    const m = /^(.*)\/(anyOf|oneOf)\/(\d+)$/.exec(chosen.pointer);
    if (m === null || m[1] !== parent.pointer || chosen.file !== parent.file) continue;
    const kw = m[2] as string;
    const list = getAtPointer(parent.file.schema, joinPointer(parent.pointer, kw));
    if (!Array.isArray(list)) continue;
    const own = new Set(names(target(set, chosen)));
    for (let j = 0; j < list.length; j++) {
      const sibling = { file: parent.file, pointer: joinPointer(parent.pointer, kw, j) };
      if (j === Number(m[3]) || !valid(sibling, cur)) continue;
      const refused = names(target(set, sibling))
        .filter((n) => !own.has(n))
        .flatMap((n) => PROBES.map((v) => ({ ...cur, [n]: v })))
        .find((c) => !valid(sibling, c) && valid(landing, c));
      if (refused !== undefined) cur = refused;
    }
  }
  return cur;
}

const at = (doc: unknown, path: Array<string | number>): unknown =>
  path.reduce<unknown>((d, k) => (d !== null && typeof d === "object" ? (d as never)[k] : undefined), doc);

function setAt(doc: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(doc)) return doc.map((x, i) => (i === head ? setAt(x, rest, value) : x));
  const base = record(doc) ? doc : {};
  return { ...base, [head]: setAt(base[head as string], rest, value) };
}

/** The whole document with the alternatives beside its route refused at every level (see refuseSiblings). */
export function refuseAlongRoute(set: SchemaSet, route: Route, doc: unknown, valid: ValidAt): unknown {
  const segments = [
    ...route.levels.map((l) => ({ landing: l.landing, through: l.through })),
    { landing: route.landing, through: route.through },
  ];
  let out = doc;
  segments.forEach((seg, i) => {
    const path = route.levels.slice(0, i).map((l) => l.step);
    const v = at(out, path);
    const refused = refuseSiblings(set, seg.through, seg.landing, v, valid);
    if (refused !== v) out = setAt(out, path, refused);
  });
  return out;
}
