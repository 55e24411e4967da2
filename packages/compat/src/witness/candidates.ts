import { getAtPointer, type SchemaObject } from "@keel/schema-model";

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
