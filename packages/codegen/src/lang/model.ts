import type { Registry, Schema, SchemaFile, SchemaObject, SchemaSet } from "@keel/schema-model";
import { liftNullable } from "@keel/schema-model";
import { documentTypeDefinition } from "../document-types.js";
import { NameTable, pascal } from "../names.js";
import { type ScalarKind, scalarOf, withinInt64 } from "./scalars.js";

/**
 * The language-neutral shape of a value, read from the schema itself (not quicktype): what Python, Go and
 * Rust types are emitted from. Anything a type cannot say without losing data (unions of unlike shapes,
 * tuples, mixed enums) is `any`, a JSON value kept as it is. `int` is an integer the schema bounds within
 * int64; `bigint` one it does not (JSON Schema's `integer` has no size), which Go and Rust keep as its digits.
 */
export type Shape =
  | { k: ScalarKind }
  | { k: "array"; item: Shape }
  | { k: "map"; value: Shape }
  | { k: "nullable"; inner: Shape }
  | { k: "ref"; name: string };

export interface Field {
  /** the member's name in JSON */
  json: string;
  shape: Shape;
  required: boolean;
  /** the one string the member may hold (`const`), which can tag a union */
  tag?: string;
}

export type TypeDef =
  | {
      kind: "struct";
      name: string;
      fields: Field[] /** unknown members kept, of this shape; undefined when closed */;
      extra?: Shape;
    }
  | { kind: "enum"; name: string; values: string[] }
  | { kind: "alias"; name: string; shape: Shape }
  /** one of several struct types: picked by the `tag` member's value when every variant has its own,
   * else the first variant that decodes and encodes back to the same JSON value */
  | { kind: "union"; name: string; variants: string[]; tag?: { json: string; values: string[] } };

export interface LangModel {
  protocol: string;
  /** every type, in a stable order: named definitions first, then the inline types they need */
  types: TypeDef[];
  /** document type → the type name its documents decode to */
  documents: Array<{ type: string; name: string }>;
}

/** Names no generated type may take in any of the three languages (so names stay the same in all three). */
const TAKEN = new Set(
  "Any BTreeMap Box Callable Deserialize Documents Enum Error Int Map Null Nullable Number Object Of Option Result Self Serialize Some None StrEnum String Type TypeAlias Value Vec Unset".split(
    " ",
  ),
);

/** Read one protocol's schema set into types. */
export function buildLangModel(registry: Registry, set: SchemaSet): LangModel {
  const names = new NameTable(registry, set);
  const b = new Builder(set, names);
  for (const def of names.own) b.named(def.file, def.pointer);
  const documents = Object.keys(registry.protocols[set.protocol]?.documentTypes ?? {}).map((type) => {
    const def = documentTypeDefinition(registry, set, names, type);
    return { type, name: b.named(def.file, def.pointer) };
  });
  return { protocol: set.protocol, types: b.types, documents };
}

class Builder {
  readonly types: TypeDef[] = [];
  private readonly byKey = new Map<string, string>();
  private readonly used = new Set<string>();
  /** names given to named definitions (an inline type's name may still change) */
  private readonly definitionNames = new Set<string>();

  constructor(
    private readonly set: SchemaSet,
    private readonly names: NameTable,
  ) {}

  /** The type name of a named definition, emitting it the first time. */
  named(file: SchemaFile, pointer: string): string {
    const key = `${file.id}#${pointer}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const def = this.names.lookup(file, pointer);
    const base = def?.name ?? pascal(pointer.split("/").pop() ?? "Anonymous");
    const name = this.claim(
      def !== undefined && def.protocol !== this.set.protocol ? pascal(def.protocol) + base : base,
    );
    this.byKey.set(key, name);
    this.definitionNames.add(name);
    const slot = this.types.length;
    this.types.push({ kind: "alias", name, shape: { k: "any" } });
    const shape = this.shape(at(file, pointer), file, name, true);
    if (!(shape.k === "ref" && shape.name === name)) this.types[slot] = { kind: "alias", name, shape };
    else {
      // the struct or enum was pushed under this name at the end; move it into the definition's slot
      const i = this.types.findIndex((t, j) => j !== slot && t.name === name);
      this.types[slot] = this.types[i] as TypeDef;
      this.types.splice(i, 1);
    }
    return name;
  }

  private claim(wanted: string): string {
    const base = TAKEN.has(wanted) ? `${wanted}Type` : wanted;
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}${i}`;
    this.used.add(name);
    return name;
  }

  /** `own`: the schema is a named definition called `hint`, whose struct or enum takes that name. */
  shape(schema: Schema, file: SchemaFile, hint: string, own = false): Shape {
    if (typeof schema === "boolean") return { k: "any" };
    if (typeof schema.$ref === "string") {
      const r = this.set.resolve(schema.$ref, file);
      if (this.names.lookup(r.file, r.pointer) !== undefined)
        return { k: "ref", name: this.named(r.file, r.pointer) };
      return this.shape(r.schema, r.file, hint, own);
    }
    const lifted = liftNullable(schema);
    if (lifted.nullable) {
      // a nullable definition names its value type apart (`XValue`): the definition itself is the nullable alias
      const inner = this.shape(lifted.schema, file, own ? `${hint}Value` : hint);
      return inner.k === "any" || inner.k === "null" ? inner : { k: "nullable", inner };
    }
    if ("const" in schema) return { k: scalarOf([schema.const]) };
    if (Array.isArray(schema.enum)) return this.enumShape(schema.enum, hint, own);
    if (this.isObjectish(schema, file)) return this.objectShape(schema, file, hint, own);
    const type = schema.type;
    if (type === "string") return { k: "string" };
    if (type === "integer") return { k: withinInt64(schema) ? "int" : "bigint" };
    if (type === "number") return { k: "number" };
    if (type === "boolean") return { k: "bool" };
    if (type === "null") return { k: "null" };
    if (type === "array") {
      // tuples (prefixItems) are kept as JSON values: their members differ in shape
      if (schema.prefixItems !== undefined || schema.items === undefined)
        return { k: "array", item: { k: "any" } };
      return { k: "array", item: this.shape(schema.items as Schema, file, `${hint}Item`) };
    }
    for (const kw of ["anyOf", "oneOf"] as const) {
      const branches = schema[kw];
      if (Array.isArray(branches)) return this.union(branches as Schema[], file, hint, own);
    }
    // allOf of non-objects: the first part that says what the value is (the others only constrain it)
    for (const part of (schema.allOf as Schema[] | undefined) ?? []) {
      const s = this.shape(part, file, hint, own);
      if (s.k !== "any") return s;
    }
    return { k: "any" };
  }

  /**
   * A union of structs is a union type; one whose branches all have one shape (all strings, all
   * integers…) is that shape; anything else any JSON value. A null branch makes it nullable.
   */
  private union(all: Schema[], file: SchemaFile, hint: string, own: boolean): Shape {
    const branches = all.filter((b) => !isNullOnly(b));
    if (branches.length < all.length && branches.length > 0) {
      const inner = this.union(branches, file, own ? `${hint}Value` : hint, false);
      return inner.k === "any" ? inner : { k: "nullable", inner };
    }
    const shapes = branches.map((b, i) => this.shape(b, file, `${hint}${i + 1}`));
    const structs = shapes.map((s) =>
      s.k === "ref" ? this.types.find((t) => t.name === s.name) : undefined,
    );
    if (shapes.length > 1 && structs.every((t) => t?.kind === "struct")) {
      const variants = [...new Set(structs.map((t) => (t as TypeDef).name))];
      if (variants.length === 1) return shapes[0] as Shape;
      const name = own ? hint : this.claim(hint);
      const tag = tagOf(structs as Array<Extract<TypeDef, { kind: "struct" }>>);
      // an inline variant of a tagged union is named by its tag (`Part` + "text" → `PartText`)
      if (tag !== undefined)
        variants.forEach((v, i) => {
          const t = structs[i] as TypeDef;
          if (this.definitionNames.has(v)) return;
          t.name = this.claim(`${name}${pascal(tag.values[i] as string)}`);
          variants[i] = t.name;
        });
      this.types.push({ kind: "union", name, variants, tag });
      return { k: "ref", name };
    }
    const first = JSON.stringify(shapes[0]);
    if (shapes.every((s) => JSON.stringify(s) === first) && shapes[0] !== undefined) return shapes[0];
    const scalars = shapes.map((s) => s.k);
    if (scalars.every((k) => k === "int" || k === "bigint")) return { k: "bigint" };
    // a float carries a bounded integer's value; an unbounded one only a JSON value keeps
    if (scalars.every((k) => k === "int" || k === "number")) return { k: "number" };
    return { k: "any" };
  }

  private enumShape(values: unknown[], hint: string, own: boolean): Shape {
    const nonNull = values.filter((v) => v !== null);
    const strings = nonNull.every((v) => typeof v === "string");
    let shape: Shape = { k: scalarOf(nonNull) };
    if (strings && nonNull.length > 1) {
      const name = own && nonNull.length === values.length ? hint : this.claim(hint);
      this.types.push({ kind: "enum", name, values: nonNull as string[] });
      shape = { k: "ref", name };
    }
    return nonNull.length < values.length && shape.k !== "any" ? { k: "nullable", inner: shape } : shape;
  }

  private objectShape(schema: SchemaObject, file: SchemaFile, hint: string, own: boolean): Shape {
    const parts = this.objectParts(schema, file);
    const fields = new Map<string, Field>();
    const required = new Set<string>();
    let closed = false;
    let extra: Shape = { k: "any" };
    for (const { s, f, conditional } of parts) {
      if (!conditional) for (const r of (s.required as string[] | undefined) ?? []) required.add(r);
      if (!conditional && s.additionalProperties === false && s.patternProperties === undefined)
        closed = true;
      if (!conditional && typeof s.additionalProperties === "object")
        extra = this.shape(s.additionalProperties as Schema, f, `${hint}Value`);
    }
    const name = own ? hint : undefined;
    const typeName = (prop: string): string => `${name ?? hint}${pascal(prop)}`;
    for (const { s, f } of parts) {
      for (const [prop, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (fields.has(prop)) continue;
        const field: Field = { json: prop, shape: this.shape(sub, f, typeName(prop)), required: false };
        const tag = constString(sub);
        if (tag !== undefined) field.tag = tag;
        fields.set(prop, field);
      }
    }
    for (const field of fields.values()) field.required = required.has(field.json);
    if (fields.size === 0) return { k: "map", value: closed ? { k: "any" } : extra };
    const typeNameFinal = own ? hint : this.claim(hint);
    const def: TypeDef = { kind: "struct", name: typeNameFinal, fields: [...fields.values()] };
    if (!closed) def.extra = extra;
    this.types.push(def);
    return { k: "ref", name: typeNameFinal };
  }

  private isObjectish(s: SchemaObject, file: SchemaFile): boolean {
    if (s.type === "object") return true;
    if (s.type !== undefined || !Array.isArray(s.allOf))
      return s.type === undefined && s.properties !== undefined;
    return this.objectParts(s, file).some(
      ({ s: p, conditional }) => !conditional && (p.type === "object" || p.properties !== undefined),
    );
  }

  /** The schema and its allOf parts (followed through $ref), then its if/then/else parts as conditional. */
  private objectParts(
    schema: SchemaObject,
    file: SchemaFile,
  ): Array<{ s: SchemaObject; f: SchemaFile; conditional: boolean }> {
    const out: Array<{ s: SchemaObject; f: SchemaFile; conditional: boolean }> = [];
    const visit = (s: Schema, f: SchemaFile, conditional: boolean, depth: number): void => {
      if (typeof s === "boolean" || depth > 8) return;
      if (typeof s.$ref === "string") {
        const r = this.set.resolve(s.$ref, f);
        visit(r.schema, r.file, conditional, depth + 1);
      }
      out.push({ s, f, conditional });
      for (const part of (s.allOf as Schema[] | undefined) ?? []) visit(part, f, conditional, depth + 1);
      for (const kw of ["then", "else"] as const)
        if (s[kw] !== undefined) visit(s[kw] as Schema, f, true, depth + 1);
    };
    visit(schema, file, false, 0);
    return out;
  }
}

const isNullOnly = (s: Schema): boolean =>
  typeof s === "object" &&
  s.type === "null" &&
  Object.keys(s).filter((k) => k !== "description").length === 1;

function constString(s: Schema): string | undefined {
  if (typeof s !== "object") return undefined;
  if (typeof s.const === "string") return s.const;
  if (Array.isArray(s.enum) && s.enum.length === 1 && typeof s.enum[0] === "string") return s.enum[0];
  return undefined;
}

/** The member every variant requires with a const string of its own, if there is one. */
function tagOf(
  structs: Array<Extract<TypeDef, { kind: "struct" }>>,
): { json: string; values: string[] } | undefined {
  for (const candidate of structs[0]?.fields ?? []) {
    const values = structs.map((t) => t.fields.find((f) => f.json === candidate.json && f.required)?.tag);
    if (values.every((v) => v !== undefined) && new Set(values).size === values.length)
      return { json: candidate.json, values: values as string[] };
  }
  return undefined;
}

function at(file: SchemaFile, pointer: string): Schema {
  let node: unknown = file.schema;
  for (const token of pointer.split("/").slice(1))
    node = (node as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node as Schema;
}
