import { joinPointer, liftNullable, type Schema, type SchemaObject } from "@keel/schema-model";
import type { Location } from "./context.js";
import { type Family, isFamilyKeyword } from "./keywords.js";
import { familiesOf, type ResolveRef } from "./types-of.js";

/** What lifting needs from the emitter. */
interface Emitter {
  readonly resolveRef: ResolveRef;
  node(schema: Schema, at: Location, known: ReadonlySet<Family>): string;
}

/** pydantic's `anyOf: [X, {type: null}]` and `type: [T, "null"]` as `X.nullable()`, where that keeps the verdict. */
export function liftNull(
  e: Emitter,
  s: SchemaObject,
  at: Location,
  known: ReadonlySet<Family>,
): string | undefined {
  const lifted = liftNullable(s);
  if (!lifted.nullable || typeof lifted.schema === "boolean") return undefined;
  const inner = lifted.schema;
  const combinator = Array.isArray(s.anyOf) ? "anyOf" : Array.isArray(s.oneOf) ? "oneOf" : undefined;
  let innerAt = at;
  if (combinator !== undefined) {
    if (Object.keys(s).length !== 1) return undefined; // siblings also judge null: keep them apart
    const branches = s[combinator] as Schema[];
    const index = branches.findIndex((b) => !(typeof b === "object" && b.type === "null"));
    innerAt = { file: at.file, pointer: joinPointer(at.pointer, combinator, index) };
    if (combinator === "oneOf" && familiesOf(inner, innerAt, e.resolveRef).has("null")) return undefined;
  } else if (Object.keys(s).some((k) => k !== "type" && !isFamilyKeyword(k))) {
    return undefined; // const, enum, $ref or a combinator next to the type would judge null too
  }
  const rest = new Set([...known].filter((f) => f !== "null"));
  if (!known.has("null")) return e.node(inner, innerAt, rest);
  return `${e.node(inner, innerAt, rest)}.nullable()`;
}
