import { isRecord } from "@keel/diagnostics";
import {
  joinPointer,
  liftNullable,
  type SchemaFile,
  type SchemaObject,
  type SchemaSet,
} from "@keel/schema-model";

/** Where a keyword was written: the file and the JSON Pointer of the schema object holding it. */
export interface Origin {
  file: SchemaFile;
  pointer: string;
}

/**
 * A subschema read the way readers see it: `$ref`s followed (the referring site's own keywords win, so
 * its description overrides the target's), "X or null" lifted to X + `nullable`, with every keyword
 * remembering where it was written so findings point at the right line of the right file.
 */
export interface SchemaNode {
  set: SchemaSet;
  schema: SchemaObject;
  nullable: boolean;
  /** location of the last schema object reached (the `$ref` target) */
  at: Origin;
  /** every location passed through, referring sites first */
  chain: Origin[];
  origin: Map<string, Origin>;
  /** a stand-in for a keyword that one version does not have */
  absent?: boolean;
  /** for a branch (allOf/anyOf/oneOf, then/else) that declares no object itself: the object it constrains */
  parent?: SchemaNode;
}

export const locationKey = (o: Origin): string => `${o.file.id}#${o.pointer}`;

export function nodeAt(set: SchemaSet, file: SchemaFile, pointer: string, schema: unknown): SchemaNode {
  const merged: SchemaObject = {};
  const origin = new Map<string, Origin>();
  const chain: Origin[] = [];
  let nullable = false;
  let cur: Origin = { file, pointer };
  let value: unknown = schema;
  for (let depth = 0; depth < 64; depth++) {
    chain.push(cur);
    if (typeof value === "boolean") {
      if (!value && !origin.has("not")) {
        merged.not = {};
        origin.set("not", cur);
      }
      break;
    }
    if (value === null || typeof value !== "object") break;
    const lifted = liftNullable(value as SchemaObject);
    let obj = value as SchemaObject;
    if (lifted.nullable) {
      nullable = true;
      const branch = nullBranch(obj);
      if (branch !== undefined) {
        // siblings of the anyOf stay at this pointer; the non-null branch is read at its own
        for (const [kw, v] of Object.entries(obj)) if (kw !== branch.keyword) add(kw, v, cur);
        cur = { file: cur.file, pointer: joinPointer(cur.pointer, branch.keyword, branch.index) };
        value = branch.schema;
        continue;
      }
      obj = lifted.schema as SchemaObject;
    }
    obj = refOfAllOf(obj);
    for (const [kw, v] of Object.entries(obj)) if (kw !== "$ref") add(kw, v, cur);
    if (typeof obj.$ref !== "string") break;
    const target = set.resolve(obj.$ref, cur.file);
    cur = { file: target.file, pointer: target.pointer };
    value = target.schema;
  }
  return { set, schema: merged, nullable, at: cur, chain, origin };

  function add(kw: string, v: unknown, where: Origin): void {
    if (!Object.hasOwn(merged, kw)) {
      merged[kw] = v;
      origin.set(kw, where);
      return;
    }
    // beside a $ref both apply (2020-12, and ajv 8 in draft-07 too): an object's shape is joined; for any
    // other keyword the referring site's wins (its description overrides the target's)
    const had = merged[kw];
    if (kw === "required" && Array.isArray(had) && Array.isArray(v))
      merged[kw] = [...new Set([...had, ...v])];
    else if ((kw === "properties" || kw === "patternProperties") && isRecord(had) && isRecord(v)) {
      const joined: Record<string, unknown> = { ...had };
      for (const [k, s] of Object.entries(v))
        if (!Object.hasOwn(joined, k)) {
          joined[k] = s;
          origin.set(`${kw}/${k}`, where);
        }
      merged[kw] = joined;
    }
  }
}

/**
 * `{allOf: [{$ref: X}], …siblings}` means what `{$ref: X, …siblings}` means (both apply, under ajv in every
 * draft): read it as the latter, so rewriting one form into the other is no change.
 */
function refOfAllOf(obj: SchemaObject): SchemaObject {
  const all = obj.allOf;
  if (typeof obj.$ref === "string" || !Array.isArray(all) || all.length !== 1) return obj;
  const only = all[0] as SchemaObject | null;
  if (
    only === null ||
    typeof only !== "object" ||
    typeof only.$ref !== "string" ||
    Object.keys(only).length !== 1
  )
    return obj;
  const { allOf: _, ...rest } = obj;
  return { ...rest, $ref: only.$ref };
}

function nullBranch(
  obj: SchemaObject,
): { keyword: "anyOf" | "oneOf"; index: number; schema: unknown } | undefined {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = obj[keyword];
    if (!Array.isArray(branches) || branches.length !== 2) continue;
    const index = branches.findIndex((b) => !isNullOnly(b));
    if (index !== -1 && branches.some(isNullOnly)) return { keyword, index, schema: branches[index] };
  }
  return undefined;
}

const isNullOnly = (s: unknown): boolean =>
  s !== null &&
  typeof s === "object" &&
  (s as SchemaObject).type === "null" &&
  Object.keys(s as object).length === 1;

/** The node of a subschema held by `keyword` (and `key`, for maps and arrays) of `node`. */
export function childNode(
  node: SchemaNode,
  keyword: string,
  ...key: Array<string | number>
): SchemaNode | undefined {
  const where = originOf(node, keyword, key[0]);
  let value: unknown = node.schema[keyword];
  for (const k of key) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[k];
  }
  if (where === undefined || value === undefined) return undefined;
  return nodeAt(node.set, where.file, joinPointer(where.pointer, keyword, ...key), value);
}

/** Where `keyword` (and `key` under it) of `node` was written; where the node is used when it is absent. */
export function pointerOf(node: SchemaNode, keyword?: string, ...key: Array<string | number>): Origin {
  const where = keyword === undefined ? undefined : originOf(node, keyword, key[0]);
  // an absent keyword is located where the subschema is used (its first referring site)
  if (where === undefined) return node.chain[0] ?? node.at;
  return { file: where.file, pointer: joinPointer(where.pointer, keyword as string, ...key) };
}

/** Where `keyword` (and its entry `key`, for a properties map joined from a $ref's two sides) was written. */
function originOf(node: SchemaNode, keyword: string, key?: string | number): Origin | undefined {
  return (key === undefined ? undefined : node.origin.get(`${keyword}/${key}`)) ?? node.origin.get(keyword);
}
