import { fragmentToPointer, getAtPointer, joinPointer, type SchemaObject } from "@keel/schema-model";
import { gainedOnly } from "../diff/pattern.js";

/** json-schema-faker's generateSync, loaded only when documents are generated (see faker.ts). */
export type Generate = (schema: never, options: never) => unknown;

/** Plain values of every JSON type: the edits a targeted probe writes at a property. */
export const PROBES: unknown[] = [
  null,
  "x",
  "",
  "yes",
  0,
  1,
  -1,
  1.5,
  true,
  false,
  {},
  [],
  ["x"],
  { x: "x" },
];

/** A subschema standing alone for the faker: the file's definitions travel with it. */
function standalone(root: SchemaObject, pointer: string): unknown {
  const sub = getAtPointer(root, pointer);
  if (typeof sub === "boolean") return sub;
  if (sub === null || typeof sub !== "object") return undefined;
  return { ...(sub as SchemaObject), definitions: root.definitions, $defs: root.$defs };
}

/** Up to `count` documents the faker makes for the subschema at `pointer` (seeded: the same every run). */
export function fake(
  gen: Generate,
  root: SchemaObject,
  pointer: string,
  count: number,
  seed: number,
): unknown[] {
  const schema = standalone(root, pointer);
  if (schema === undefined || typeof schema === "boolean") return [];
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    try {
      out.push(
        gen(
          schema as never,
          {
            seed: seed + i,
            maxDepth: 4,
            alwaysFakeOptionals: i % 2 === 1,
            optionalsProbability: 0.5,
          } as never,
        ),
      );
    } catch {
      // the faker gives up on some schemas (contradictions, unresolvable refs): the edits still probe them
    }
  }
  return out;
}

/** Copies of an object with `name` set to each value, and one without it. */
export function edits(base: unknown, name: string, values: unknown[]): unknown[] {
  if (base === null || typeof base !== "object" || Array.isArray(base)) return [];
  const out: unknown[] = values.map((v) => ({ ...(base as object), [name]: v }));
  const { [name]: _, ...rest } = base as Record<string, unknown>;
  out.push(rest);
  return out;
}

/** Documents generated per alternative, and strings per `pattern` (a pattern that gained an alternative, `nub@…`, shows in few). */
const PER_ALTERNATIVE = 2;
const PER_PATTERN = 8;
const ALTERNATIVES = 120;

/**
 * Documents for each `anyOf`/`oneOf` alternative of the subschema at `pointer` on its own (the faker picks
 * one alternative at random, so a newly added one is seldom generated), and strings each `pattern` there
 * matches (tsconfig's `lib` gained `^[Ee][Ss]2025(…)?$`: `es2025.intl` is what old readers refuse).
 */
export function* alternatives(
  gen: Generate,
  root: SchemaObject,
  pointer: string,
  seed: number,
): Generator<unknown> {
  let s = getAtPointer(root, pointer) as SchemaObject | undefined;
  let at = pointer;
  if (s !== null && typeof s === "object" && typeof s.$ref === "string" && s.$ref.startsWith("#")) {
    at = fragmentToPointer(s.$ref);
    s = getAtPointer(root, at) as SchemaObject | undefined;
  }
  if (s === undefined || s === null || typeof s !== "object") return;
  let n = 0;
  const strings = function* (pattern: unknown): Generator<string> {
    if (typeof pattern !== "string") return;
    for (let i = 0; i < PER_PATTERN && n < ALTERNATIVES; i++, n++) {
      try {
        const v = gen({ type: "string", pattern } as never, { seed: seed + i } as never);
        if (typeof v === "string") yield v;
      } catch {
        return;
      }
    }
  };
  yield* strings(s.pattern);
  for (const kw of ["anyOf", "oneOf"]) {
    const list = s[kw];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length && n < ALTERNATIVES; i++) {
      const alt = list[i] as SchemaObject | null;
      yield* strings(alt?.pattern);
      n += PER_ALTERNATIVE;
      yield* fake(gen, root, joinPointer(at, kw, i), PER_ALTERNATIVE, seed);
    }
  }
}

/**
 * Strings only one version's `pattern` at a place accepts, when one only gained alternatives over the other
 * (claude-code-settings' permission rule gained `Artifact` among forty tools: a plain sample seldom picks it).
 */
export function* gainedStrings(
  gen: Generate,
  older: unknown,
  newer: unknown,
  seed: number,
): Generator<string> {
  const pattern = (s: unknown) =>
    s !== null && typeof s === "object" ? (s as SchemaObject).pattern : undefined;
  const a = pattern(older);
  const b = pattern(newer);
  if (typeof a !== "string" || typeof b !== "string" || a === b) return;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const only = gainedOnly(from, to);
    if (only === undefined) continue;
    for (let i = 0; i < PER_PATTERN; i++) {
      try {
        const v = gen({ type: "string", pattern: only } as never, { seed: seed + i } as never);
        if (typeof v === "string" && !new RegExp(from, "u").test(v)) yield v;
      } catch {
        break;
      }
    }
  }
}
