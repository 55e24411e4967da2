import type { Schema, SchemaObject } from "@keel/schema-model";
import { ALL, child, type Location } from "./context.js";
import { and, body, compare, cond, type Expr, exactlyOne, FALSE, not, or, primary, TRUE } from "./expr.js";
import { ANNOTATIONS, type Family } from "./keywords.js";
import { aliasRef } from "./schema-util.js";

/** What the test compiler needs from the emitter. */
export interface TestEmitter {
  readonly helpers: Set<string>;
  hoistSchema(schema: Schema, at: Location, known: ReadonlySet<Family>): string;
  /** a module-level `(v: unknown): boolean => expression`; returns its name */
  hoistTest(expression: string): string;
  /** a `pattern` as a module-level regular expression constant; returns its name */
  pattern(pattern: string, at: Location): string;
}

/**
 * A subschema applied in place (if/then/else, not, allOf branch, propertyNames) as a JavaScript test of
 * `v`, when every keyword it uses is cheap to test directly. Running a hoisted zod schema instead copies
 * the value and allocates a payload on every call; this reads the value where it lies. The semantics are
 * ajv's: `properties` and `required` look at `v[key] !== undefined`, lengths count code points,
 * patterns carry the `u` flag. A referenced definition, and any keyword not handled here, still runs
 * as zod (`holds`). Undefined when the schema itself uses such a keyword.
 */
export function directTest(e: TestEmitter, schema: Schema, at: Location): string | undefined {
  const test = direct(e, schema, at);
  return test === undefined ? undefined : body(test);
}

function direct(e: TestEmitter, schema: Schema, at: Location): Expr | undefined {
  if (schema === true) return TRUE;
  if (schema === false) return FALSE;
  const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  if (keys.some((k) => !DIRECT.has(k)) || Array.isArray(schema.items)) return undefined;
  const required = (Array.isArray(schema.required) ? schema.required : []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  // zod never sees an own "__proto__" key (a known difference): leave such schemas to zod, unchanged
  if ([...required, ...Object.keys(properties)].includes("__proto__")) return undefined;
  const type = typeTest(e, schema.type, "v");
  if (type === undefined) return undefined;

  const parts: Expr[] = [type];
  if ("const" in schema) parts.push(equals(e, "v", schema.const));
  if (Array.isArray(schema.enum)) parts.push(or(schema.enum.map((x) => equals(e, "v", x))));
  const cheap = Object.entries(properties).filter(([, p]) => isLiteral(p));
  const costly = Object.entries(properties).filter(([, p]) => !isLiteral(p));
  const object = [
    ...required.map((k) => compare(`v[${JSON.stringify(k)}] !== undefined`)),
    ...[...cheap, ...costly].map(([k, p]) =>
      property(e, k, p, child(at, "properties", k), required.includes(k)),
    ),
  ];
  // under a single `type`, the family keywords need no family test of their own
  const only = typeof schema.type === "string" ? schema.type : undefined;
  const when = (family: string[], other: Expr, list: Expr[]): Expr =>
    only !== undefined && family.includes(only) ? and(list) : or([other, and(list)]);
  if (object.length > 0) parts.push(when(["object"], not(isObject(e, "v")), object));
  const string = stringTests(e, schema, at);
  if (string.length > 0) parts.push(when(["string"], compare(`typeof v !== "string"`), string));
  const number = numberTests(schema);
  if (number.length > 0) parts.push(when(["number", "integer"], compare(`typeof v !== "number"`), number));
  const array = arrayTests(e, schema, at);
  if (array.length > 0) parts.push(when(["array"], not(primary("Array.isArray(v)")), array));
  parts.push(...combinators(e, schema, at));
  return and(parts);
}

/** `schema` applied to `subject`: inline when it only compares values, else through a hoisted test function. */
function applied(e: TestEmitter, schema: Schema, at: Location, subject: string): Expr {
  if (schema === true) return TRUE;
  if (schema === false) return FALSE;
  if (isLiteral(schema)) return literalTest(e, schema, subject);
  const test = aliasRef(schema) === undefined ? direct(e, schema, at) : undefined;
  if (test !== undefined) return primary(`${e.hoistTest(body(test))}(${subject})`);
  e.helpers.add("holds");
  return primary(`holds(${e.hoistSchema(schema, at, ALL)}, ${subject})`);
}

/** The name of a test function for `schema` (for `every`): a direct test, else `holds` of its zod schema. */
export function testFunction(
  e: TestEmitter,
  schema: Schema,
  at: Location,
  known: ReadonlySet<Family>,
): string {
  const test = directTest(e, schema, at);
  if (test !== undefined) return e.hoistTest(test);
  e.helpers.add("holds");
  return e.hoistTest(`holds(${e.hoistSchema(schema, at, known)}, v)`);
}

const DIRECT = new Set([
  "type",
  "const",
  "enum",
  "required",
  "properties",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "items",
  "prefixItems",
  "not",
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "then",
  "else",
  "$ref",
]);

function isObject(e: TestEmitter, x: string): Expr {
  e.helpers.add("isObject");
  return primary(`isObject(${x})`);
}

const TYPE_TESTS: Record<string, (e: TestEmitter, x: string) => Expr> = {
  object: (e, x) => isObject(e, x),
  array: (_, x) => primary(`Array.isArray(${x})`),
  string: (_, x) => compare(`typeof ${x} === "string"`),
  number: (_, x) => and([compare(`typeof ${x} === "number"`), primary(`Number.isFinite(${x})`)]),
  integer: (_, x) => and([compare(`typeof ${x} === "number"`), primary(`Number.isInteger(${x})`)]),
  boolean: (_, x) => compare(`typeof ${x} === "boolean"`),
  null: (_, x) => compare(`${x} === null`),
};

function typeTest(e: TestEmitter, type: unknown, x: string): Expr | undefined {
  if (type === undefined) return TRUE;
  const types = Array.isArray(type) ? type : [type];
  if (!types.every((t) => typeof t === "string" && TYPE_TESTS[t] !== undefined)) return undefined;
  return or(types.map((t) => (TYPE_TESTS[t as string] as (e: TestEmitter, x: string) => Expr)(e, x)));
}

/** A schema that only compares the value: `const`, `enum` and `type` (a property test inlines it). */
function isLiteral(schema: Schema): schema is SchemaObject {
  if (typeof schema !== "object") return false;
  const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  return (
    keys.length > 0 &&
    keys.every((k) => k === "const" || k === "enum" || k === "type") &&
    (!("enum" in schema) || Array.isArray(schema.enum)) &&
    types.every((t) => typeof t === "string" && TYPE_TESTS[t] !== undefined)
  );
}

function literalTest(e: TestEmitter, schema: SchemaObject, x: string): Expr {
  const parts = [typeTest(e, schema.type, x) as Expr];
  if ("const" in schema) parts.push(equals(e, x, schema.const));
  if (Array.isArray(schema.enum)) parts.push(or(schema.enum.map((v) => equals(e, x, v))));
  return and(parts);
}

/** Deep equality with a JSON value, as ajv's const and enum compare. */
function equals(e: TestEmitter, x: string, value: unknown): Expr {
  if (value === null || typeof value !== "object") return compare(`${x} === ${JSON.stringify(value)}`);
  e.helpers.add("jsonEqual");
  return primary(`jsonEqual(${x}, ${JSON.stringify(value)})`);
}

function property(e: TestEmitter, key: string, schema: Schema, at: Location, required: boolean): Expr {
  const x = `v[${JSON.stringify(key)}]`;
  // a required key was found present just before
  const test = applied(e, schema, at, x);
  return required || test === TRUE ? test : or([compare(`${x} === undefined`), test]);
}

function stringTests(e: TestEmitter, s: SchemaObject, at: Location): Expr[] {
  const out: Expr[] = [];
  if (typeof s.minLength === "number" && s.minLength > 0) {
    e.helpers.add("codePoints");
    const n = s.minLength;
    out.push(
      or([
        compare(`v.length >= ${2 * n}`),
        and([compare(`v.length >= ${n}`), compare(`codePoints(v) >= ${n}`)]),
      ]),
    );
  }
  if (typeof s.maxLength === "number") {
    e.helpers.add("codePoints");
    const n = s.maxLength;
    out.push(or([compare(`v.length <= ${n}`), compare(`codePoints(v) <= ${n}`)]));
  }
  if (typeof s.pattern === "string") out.push(primary(`${e.pattern(s.pattern, at)}.test(v)`));
  return out;
}

function numberTests(s: SchemaObject): Expr[] {
  const bounds: [string, string][] = [
    ["minimum", ">="],
    ["maximum", "<="],
    ["exclusiveMinimum", ">"],
    ["exclusiveMaximum", "<"],
  ];
  return bounds.filter(([k]) => typeof s[k] === "number").map(([k, op]) => compare(`v ${op} ${s[k]}`));
}

function arrayTests(e: TestEmitter, s: SchemaObject, at: Location): Expr[] {
  const out: Expr[] = [];
  if (typeof s.minItems === "number" && s.minItems > 0) out.push(compare(`v.length >= ${s.minItems}`));
  if (typeof s.maxItems === "number") out.push(compare(`v.length <= ${s.maxItems}`));
  const prefix = (Array.isArray(s.prefixItems) ? s.prefixItems : []) as Schema[];
  prefix.forEach((p, i) => {
    const test = applied(e, p, child(at, "prefixItems", i), `v[${i}]`);
    if (test !== TRUE) out.push(or([compare(`v.length <= ${i}`), test]));
  });
  if (s.items === false) out.push(compare(`v.length <= ${prefix.length}`));
  else if (s.items !== undefined && s.items !== true) {
    e.helpers.add("itemsFrom");
    const test = testFunction(e, s.items as Schema, child(at, "items"), ALL);
    out.push(primary(`itemsFrom(v, ${prefix.length}, ${test})`));
  }
  return out;
}

function combinators(e: TestEmitter, s: SchemaObject, at: Location): Expr[] {
  const out: Expr[] = [];
  const list = (kw: string): Expr[] =>
    ((Array.isArray(s[kw]) ? s[kw] : []) as Schema[]).map((b, i) => applied(e, b, child(at, kw, i), "v"));
  if (s.$ref !== undefined) {
    e.helpers.add("holds");
    out.push(primary(`holds(${e.hoistSchema({ $ref: s.$ref }, at, ALL)}, v)`));
  }
  out.push(...list("allOf"));
  if (Array.isArray(s.anyOf)) out.push(or(list("anyOf")));
  if (Array.isArray(s.oneOf)) out.push(exactlyOne(list("oneOf")));
  if (s.not !== undefined) out.push(not(applied(e, s.not as Schema, child(at, "not"), "v")));
  if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
    const test = applied(e, s.if as Schema, child(at, "if"), "v");
    const branch = (kw: string) =>
      s[kw] === undefined ? TRUE : applied(e, s[kw] as Schema, child(at, kw), "v");
    out.push(cond(test, branch("then"), branch("else")));
  }
  return out;
}
