import {
  refHidesSiblings,
  type Schema,
  type SchemaFile,
  type SchemaObject,
  SchemaSet,
  walk,
} from "@keel/schema-model";
import { forbidByProperties, forbids } from "./forbidden-properties.js";
import { foldNotPattern } from "./not-pattern.js";

/**
 * The schemas the first-error (verdict-only) validators are compiled from: the same verdict on every
 * document, reached sooner. ajv must try every branch of a `oneOf` (exactly one may pass) but stops an
 * `anyOf` at the first that passes, and checks `allOf` members in order, stopping at the first failure.
 * - A `oneOf` whose branches are pairwise exclusive (both passing would need a property they require to
 *   hold two disjoint fixed values, or a property one requires and the other forbids with
 *   `not: {required: [p]}`, in an object) becomes an `anyOf`: at most one branch can pass, so "exactly
 *   one" and "at least one" agree.
 * - `allOf` members without a `$ref` go first (a `const` discriminator fails a wrong branch before a
 *   referenced definition is checked in full); a conjunction does not depend on order.
 * - In a member of an object's union or `allOf`, `not: {required: [p]}` becomes `properties: {p: false}`
 *   (forbidden-properties.ts): a test for `undefined` instead of an error pushed and dropped.
 * - A string's `not: {pattern: P}` joins its `pattern` as a negative lookahead (not-pattern.ts): one regex
 *   run instead of two, and no error pushed and dropped for every string that passes.
 * The all-errors validators (errors, explanations) keep the schemas as written.
 */
export function verdictSchemaSet(set: SchemaSet): SchemaSet {
  const copy = (f: SchemaFile): SchemaFile => ({ ...f, schema: structuredClone(f.schema) });
  const own = set.own.map(copy);
  const rewritten = new SchemaSet(set.protocol, set.version, own, set.all.slice(set.own.length).map(copy));
  for (const file of rewritten.all) {
    const nodes = [...walk(file.schema)].map((v) => v.schema).filter(isObject);
    for (const node of nodes) {
      if (Array.isArray(node.oneOf) && node.anyOf === undefined && exclusive(rewritten, file, node))
        renameOneOf(node);
      if (Array.isArray(node.allOf)) node.allOf = refsLast(node.allOf as Schema[]);
      foldNotPattern(node);
    }
  }
  // after every exclusivity proof, which reads the `not`s this rewrites (through $refs, across files)
  for (const file of rewritten.all)
    for (const node of [...walk(file.schema)].map((v) => v.schema).filter(isObject)) forbidByProperties(node);
  return rewritten;
}

const isObject = (s: Schema): s is SchemaObject => typeof s === "object" && s !== null;

function renameOneOf(node: SchemaObject): void {
  node.anyOf = node.oneOf;
  delete node.oneOf;
}

function refsLast(members: Schema[]): Schema[] {
  const hasRef = (s: Schema) => isObject(s) && s.$ref !== undefined;
  return [...members.filter((s) => !hasRef(s)), ...members.filter(hasRef)];
}

/** What a schema surely demands of a document: an object, these properties, these fixed values. */
interface Facts {
  object: boolean;
  required: Set<string>;
  /** property → the JSON texts of the primitive values it may take */
  values: Map<string, Set<string>>;
  /** properties it must not have */
  forbidden: Set<string>;
}

function exclusive(set: SchemaSet, file: SchemaFile, parent: SchemaObject): boolean {
  const own = facts(set, file, { ...parent, oneOf: undefined, allOf: undefined, $ref: undefined }, 0);
  const branches = (parent.oneOf as Schema[]).map((b) => facts(set, file, b, 0));
  for (const [i, a] of branches.entries())
    for (const b of branches.slice(i + 1)) {
      if (!(own.object || a.object || b.object)) return false;
      const split = [...a.values].some(([p, va]) => {
        const vb = b.values.get(p);
        const present = own.required.has(p) || a.required.has(p) || b.required.has(p);
        return present && vb !== undefined && [...va].every((v) => !vb.has(v));
      });
      const absent = (x: Facts, y: Facts) => [...x.required].some((p) => y.forbidden.has(p));
      if (!split && !absent(a, b) && !absent(b, a)) return false;
    }
  return branches.length > 1;
}

/** An under-estimate is always safe (fewer rewrites), so anything unusual contributes nothing. */
function facts(set: SchemaSet, file: SchemaFile, schema: Schema, depth: number): Facts {
  const out: Facts = { object: false, required: new Set(), values: new Map(), forbidden: new Set() };
  if (!isObject(schema) || depth > 16) return out;
  if (typeof schema.$ref === "string") {
    const target = set.resolve(schema.$ref, file);
    merge(out, facts(set, target.file, target.schema, depth + 1));
    if (refHidesSiblings(file.draft)) return out; // draft-06/07 ignore a $ref's siblings
  }
  if (schema.type === "object") out.object = true;
  if (Array.isArray(schema.required))
    for (const p of schema.required) if (typeof p === "string") out.required.add(p);
  const props = isObject(schema.properties as Schema) ? (schema.properties as Record<string, Schema>) : {};
  for (const [p, s] of Object.entries(props)) {
    const values = fixedValues(s);
    if (values !== undefined) narrow(out, p, values);
  }
  if (Array.isArray(schema.allOf))
    for (const member of schema.allOf as Schema[]) merge(out, facts(set, file, member, depth + 1));
  for (const p of forbids(schema.not)) out.forbidden.add(p);
  return out;
}

function fixedValues(s: Schema): Set<string> | undefined {
  if (!isObject(s)) return undefined;
  const primitive = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
  if ("const" in s && primitive(s.const)) return new Set([JSON.stringify(s.const)]);
  if (Array.isArray(s.enum) && s.enum.every(primitive)) return new Set(s.enum.map((v) => JSON.stringify(v)));
  return undefined;
}

function narrow(out: Facts, p: string, values: Set<string>): void {
  const had = out.values.get(p);
  out.values.set(p, had === undefined ? values : new Set([...had].filter((v) => values.has(v))));
}

function merge(out: Facts, more: Facts): void {
  out.object ||= more.object;
  for (const p of more.required) out.required.add(p);
  for (const p of more.forbidden) out.forbidden.add(p);
  for (const [p, values] of more.values) narrow(out, p, values);
}
