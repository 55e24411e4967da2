import { joinPointer, type Schema, type SchemaFile } from "@keel/schema-model";
import { FAMILIES, type Family } from "./keywords.js";

/** Where a subschema sits: its file (for `$ref` resolution) and its JSON Pointer there. */
export interface Location {
  file: SchemaFile;
  pointer: string;
}

/** A way to build the value's base schema; the first candidate becomes the base, the rest in-place checks. */
export interface Candidate {
  keyword: string;
  at: Location;
  build: () => string;
  /** set for an allOf branch: its checks may join the parent's directly when it has no base of its own */
  schema?: Schema;
}

/** A boolean test of the value `v`, emitted as `.check(rule(keyword, message, (v): boolean => test))`. */
export interface Predicate {
  keyword: string;
  message: string;
  test: string;
}

/** What the keyword emitters need from the emitter that drives them. */
export interface EmitContext {
  readonly helpers: Set<string>;
  /** a zod expression accepting exactly the values of `known` families that `schema` accepts */
  node(schema: Schema, at: Location, known: ReadonlySet<Family>): string;
  /** `.check(…)` for one predicate, with `v` typed as `type` */
  check(p: Predicate, type?: string): string;
  /** a subschema applied in place to the same value, tested with `holds` */
  inPlace(keyword: string, message: string, c: Candidate): Predicate;
  /** `schema` applied in place to `v`, as a boolean expression: a direct test, else `holds` of its zod schema */
  test(schema: Schema, at: Location, known: ReadonlySet<Family>): string;
  /** a cheap necessary condition of a union branch, as a test of `v` (undefined: none known) */
  guard(schema: Schema, at: Location): string | undefined;
  /** the name of a module-level test function for `schema` (see `test`) */
  testFunction(schema: Schema, at: Location, known: ReadonlySet<Family>): string;
  /** `schema` as a module-level constant built after every definition; returns its name */
  hoistSchema(schema: Schema, at: Location, known: ReadonlySet<Family>): string;
  /** a `pattern` as a regular expression literal, or the module constant holding it */
  regex(pattern: string, at: Location): string;
  /** one object property (`key: schema`, or a getter when it recurses) */
  property(key: string, build: () => string): string;
}

export const ALL: ReadonlySet<Family> = new Set(FAMILIES);

export const child = (at: Location, ...tokens: (string | number)[]): Location => ({
  file: at.file,
  pointer: joinPointer(at.pointer, ...tokens),
});

/** `file.schema.json#/pointer`, for messages. */
export const where = (at: Location): string => `${at.file.name}#${at.pointer}`;
