import type { SchemaObject } from "@keel/schema-model";
import type { EmitContext, Location } from "./context.js";
import { emitArray } from "./emit-array.js";
import { emitObject } from "./emit-object.js";
import { emitNumber, emitString } from "./emit-scalar.js";
import { type Family, integerOnly, keywordFamilies } from "./keywords.js";

/** Whether `s` has a type-shaped part: family keywords, or a `type` that a literal does not already cover. */
export function hasTypedPart(s: SchemaObject, hasLiteral: boolean): boolean {
  return keywordFamilies(s).length > 0 || (s.type !== undefined && !hasLiteral);
}

/**
 * The value's shape for each family it may still have: `z.string()`, `z.number()`, objects, arrays… with
 * that family's keywords. Several families become a union (`X.nullable()` for X or null); keywords of a
 * family only ever judge values of that family, as in JSON Schema.
 */
export function emitTyped(
  e: EmitContext,
  s: SchemaObject,
  at: Location,
  families: ReadonlySet<Family>,
): string {
  const members = [...families].map((f) => family(e, s, at, f));
  if (members.length === 1) return members[0] as string;
  const nonNull = [...families].filter((f) => f !== "null");
  if (nonNull.length === 1 && families.has("null"))
    return `${family(e, s, at, nonNull[0] as Family)}.nullable()`;
  return `z.union([${members.join(", ")}])`;
}

function family(e: EmitContext, s: SchemaObject, at: Location, f: Family): string {
  switch (f) {
    case "string":
      return emitString(e, s, at);
    case "number":
      return emitNumber(e, s, at, integerOnly(s.type));
    case "boolean":
      return "z.boolean()";
    case "null":
      return "z.null()";
    case "object":
      return emitObject(e, s, at);
    case "array":
      return emitArray(e, s, at);
  }
}
