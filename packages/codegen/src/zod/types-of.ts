import type { Schema, SchemaObject } from "@keel/schema-model";
import type { Location } from "./context.js";
import { FAMILIES, type Family, familiesOfType, familyOf } from "./keywords.js";

export type ResolveRef = (ref: string, at: Location) => { schema: Schema; at: Location };

/**
 * The families a value can have and still satisfy `schema`, from `type`, `const`, `enum`, `$ref` and
 * the in-place combinators (a sound over-approximation: `not` and `if` are ignored). The emitter uses
 * it to know which family an untyped subschema's keywords will meet.
 */
export function familiesOf(
  schema: Schema,
  at: Location,
  resolve: ResolveRef,
  seen = new Set<string>(),
): Set<Family> {
  if (schema === true) return new Set(FAMILIES);
  if (schema === false) return new Set();
  const s = schema as SchemaObject;
  let out = familiesOfType(s.type);
  const narrow = (other: Set<Family>) => {
    out = new Set([...out].filter((f) => other.has(f)));
  };
  if ("const" in s) narrow(new Set([familyOf(s.const)]));
  if (Array.isArray(s.enum)) narrow(new Set(s.enum.map(familyOf)));
  if (typeof s.$ref === "string") {
    const target = resolve(s.$ref, at);
    const key = `${target.at.file.id}#${target.at.pointer}`;
    if (!seen.has(key)) narrow(familiesOf(target.schema, target.at, resolve, new Set([...seen, key])));
  }
  const branches = (kw: string): Schema[] => (Array.isArray(s[kw]) ? (s[kw] as Schema[]) : []);
  const child = (kw: string, i: number): Location => ({ file: at.file, pointer: `${at.pointer}/${kw}/${i}` });
  for (const [i, b] of branches("allOf").entries()) narrow(familiesOf(b, child("allOf", i), resolve, seen));
  for (const kw of ["anyOf", "oneOf"]) {
    const list = branches(kw);
    if (list.length === 0) continue;
    const union = new Set<Family>();
    for (const [i, b] of list.entries())
      for (const f of familiesOf(b, child(kw, i), resolve, seen)) union.add(f);
    narrow(union);
  }
  return out;
}
