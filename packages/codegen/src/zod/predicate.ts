import type { Schema, SchemaObject } from "@keel/schema-model";
import { ALL, child, type Location } from "./context.js";
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
  if (schema === true) return "true";
  if (schema === false) return "false";
  const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  if (keys.some((k) => !DIRECT.has(k)) || Array.isArray(schema.items)) return undefined;
  const required = (Array.isArray(schema.required) ? schema.required : []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  // zod never sees an own "__proto__" key (a known difference): leave such schemas to zod, unchanged
  if ([...required, ...Object.keys(properties)].includes("__proto__")) return undefined;
  const type = typeTest(schema.type, "v");
  if (type === undefined) return undefined;

  const parts: string[] = type === "true" ? [] : [type];
  if ("const" in schema) parts.push(equals(e, "v", schema.const));
  if (Array.isArray(schema.enum)) parts.push(anyOf(schema.enum.map((x) => equals(e, "v", x))));
  const cheap = Object.entries(properties).filter(([, p]) => isLiteral(p));
  const costly = Object.entries(properties).filter(([, p]) => !isLiteral(p));
  const object = [
    ...required.map((k) => `v[${JSON.stringify(k)}] !== undefined`),
    ...[...cheap, ...costly].flatMap(([k, p]) =>
      property(e, k, p, child(at, "properties", k), required.includes(k)),
    ),
  ];
  // under a single `type`, the family keywords need no family test of their own
  const only = typeof schema.type === "string" ? schema.type : undefined;
  const when = (family: string[], test: string, list: string[]) =>
    only !== undefined && family.includes(only)
      ? `(${list.join(" && ")})`
      : `(${test} || (${list.join(" && ")}))`;
  if (object.length > 0) parts.push(when(["object"], "!isObject(v)", object));
  const string = stringTests(e, schema, at);
  if (string.length > 0) parts.push(when(["string"], `typeof v !== "string"`, string));
  const number = numberTests(schema);
  if (number.length > 0) parts.push(when(["number", "integer"], `typeof v !== "number"`, number));
  const array = arrayTests(e, schema, at);
  if (array.length > 0) parts.push(when(["array"], "!Array.isArray(v)", array));
  parts.push(...combinators(e, schema, at));
  if (parts.some((p) => p.includes("isObject("))) e.helpers.add("isObject");
  return parts.length === 0 ? "true" : parts.join(" && ");
}

/** `schema` applied to `subject`: inline when it only compares values, else through a hoisted test function. */
export function applied(e: TestEmitter, schema: Schema, at: Location, subject: string): string {
  if (schema === true) return "true";
  if (schema === false) return "false";
  if (isLiteral(schema)) return literalTest(e, schema, subject);
  const direct = aliasRef(schema) === undefined ? directTest(e, schema, at) : undefined;
  if (direct !== undefined) return `${e.hoistTest(direct)}(${subject})`;
  e.helpers.add("holds");
  return `holds(${e.hoistSchema(schema, at, ALL)}, ${subject})`;
}

/** The name of a test function for `schema` (for `every`): a direct test, else `holds` of its zod schema. */
export function testFunction(
  e: TestEmitter,
  schema: Schema,
  at: Location,
  known: ReadonlySet<Family>,
): string {
  const direct = directTest(e, schema, at);
  e.helpers.add(direct === undefined ? "holds" : "isObject");
  return e.hoistTest(direct ?? `holds(${e.hoistSchema(schema, at, known)}, v)`);
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

const TYPE_TESTS: Record<string, (x: string) => string> = {
  object: (x) => `isObject(${x})`,
  array: (x) => `Array.isArray(${x})`,
  string: (x) => `typeof ${x} === "string"`,
  number: (x) => `(typeof ${x} === "number" && Number.isFinite(${x}))`,
  integer: (x) => `(typeof ${x} === "number" && Number.isInteger(${x}))`,
  boolean: (x) => `typeof ${x} === "boolean"`,
  null: (x) => `${x} === null`,
};

function typeTest(type: unknown, x: string): string | undefined {
  if (type === undefined) return "true";
  const types = Array.isArray(type) ? type : [type];
  const tests = types.map((t) => (typeof t === "string" ? TYPE_TESTS[t]?.(x) : undefined));
  if (tests.some((t) => t === undefined)) return undefined;
  return anyOf(tests as string[]);
}

/** A schema that only compares the value: `const`, `enum` and `type` (a property test inlines it). */
function isLiteral(schema: Schema): schema is SchemaObject {
  if (typeof schema !== "object") return false;
  const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  return (
    keys.length > 0 &&
    keys.every((k) => k === "const" || k === "enum" || k === "type") &&
    (!("enum" in schema) || Array.isArray(schema.enum)) &&
    typeTest(schema.type, "v") !== undefined
  );
}

function literalTest(e: TestEmitter, schema: SchemaObject, x: string): string {
  const parts: string[] = [];
  const type = typeTest(schema.type, x) as string;
  if (type !== "true") parts.push(type);
  if ("const" in schema) parts.push(equals(e, x, schema.const));
  if (Array.isArray(schema.enum)) parts.push(anyOf(schema.enum.map((v) => equals(e, x, v))));
  if (type.includes("isObject(")) e.helpers.add("isObject");
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(" && ")})`;
}

/** Deep equality with a JSON value, as ajv's const and enum compare. */
function equals(e: TestEmitter, x: string, value: unknown): string {
  if (value === null || typeof value !== "object") return `${x} === ${JSON.stringify(value)}`;
  e.helpers.add("jsonEqual");
  return `jsonEqual(${x}, ${JSON.stringify(value)})`;
}

const anyOf = (tests: string[]): string =>
  tests.length === 0 ? "false" : tests.length === 1 ? (tests[0] as string) : `(${tests.join(" || ")})`;

function property(e: TestEmitter, key: string, schema: Schema, at: Location, required: boolean): string[] {
  if (schema === true) return [];
  const x = `v[${JSON.stringify(key)}]`;
  // a required key was found present just before
  return [required ? applied(e, schema, at, x) : `(${x} === undefined || ${applied(e, schema, at, x)})`];
}

function stringTests(e: TestEmitter, s: SchemaObject, at: Location): string[] {
  const out: string[] = [];
  if (typeof s.minLength === "number" && s.minLength > 0) {
    e.helpers.add("codePoints");
    out.push(
      `(v.length >= ${2 * s.minLength} || (v.length >= ${s.minLength} && codePoints(v) >= ${s.minLength}))`,
    );
  }
  if (typeof s.maxLength === "number") {
    e.helpers.add("codePoints");
    out.push(`(v.length <= ${s.maxLength} || codePoints(v) <= ${s.maxLength})`);
  }
  if (typeof s.pattern === "string") out.push(`${e.pattern(s.pattern, at)}.test(v)`);
  return out;
}

function numberTests(s: SchemaObject): string[] {
  const bounds: [string, string][] = [
    ["minimum", ">="],
    ["maximum", "<="],
    ["exclusiveMinimum", ">"],
    ["exclusiveMaximum", "<"],
  ];
  return bounds.filter(([k]) => typeof s[k] === "number").map(([k, op]) => `v ${op} ${s[k]}`);
}

function arrayTests(e: TestEmitter, s: SchemaObject, at: Location): string[] {
  const out: string[] = [];
  if (typeof s.minItems === "number" && s.minItems > 0) out.push(`v.length >= ${s.minItems}`);
  if (typeof s.maxItems === "number") out.push(`v.length <= ${s.maxItems}`);
  const prefix = (Array.isArray(s.prefixItems) ? s.prefixItems : []) as Schema[];
  prefix.forEach((p, i) => {
    if (p !== true)
      out.push(`(v.length <= ${i} || ${applied(e, p, child(at, "prefixItems", i), `v[${i}]`)})`);
  });
  if (s.items === false) out.push(`v.length <= ${prefix.length}`);
  else if (s.items !== undefined && s.items !== true) {
    e.helpers.add("itemsFrom");
    const test = testFunction(e, s.items as Schema, child(at, "items"), ALL);
    out.push(`itemsFrom(v, ${prefix.length}, ${test})`);
  }
  return out;
}

function combinators(e: TestEmitter, s: SchemaObject, at: Location): string[] {
  const out: string[] = [];
  const list = (kw: string): string[] =>
    ((Array.isArray(s[kw]) ? s[kw] : []) as Schema[]).map((b, i) => applied(e, b, child(at, kw, i), "v"));
  if (s.$ref !== undefined) out.push(`holds(${e.hoistSchema({ $ref: s.$ref }, at, ALL)}, v)`);
  out.push(...list("allOf"));
  if (Array.isArray(s.anyOf)) out.push(anyOf(list("anyOf")));
  if (Array.isArray(s.oneOf))
    out.push(
      `(${list("oneOf")
        .map((t) => `(${t} ? 1 : 0)`)
        .join(" + ")}) === 1`,
    );
  if (s.not !== undefined) out.push(`!(${applied(e, s.not as Schema, child(at, "not"), "v")})`);
  if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
    const test = applied(e, s.if as Schema, child(at, "if"), "v");
    const branch = (kw: string) =>
      s[kw] === undefined ? "true" : applied(e, s[kw] as Schema, child(at, kw), "v");
    out.push(`(${test} ? ${branch("then")} : ${branch("else")})`);
  }
  if (out.some((t) => t.includes("holds("))) e.helpers.add("holds");
  return out;
}
