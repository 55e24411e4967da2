import { canonical } from "../canonical.js";
import { locationKey, pointerOf, type SchemaNode } from "../schema-node.js";
import { ANNOTATIONS, diffAnnotations, isAnnotation } from "./annotations.js";
import { diffArray } from "./arrays.js";
import { diffCombinators } from "./combinators.js";
import { anyOfAsType, composeAllOf } from "./compose.js";
import { type DiffContext, emit } from "./context.js";
import { diffObject } from "./objects.js";
import { tupleSplit } from "./tuple-split.js";
import { diffBounds, diffStrings, diffTypes, diffValues } from "./values.js";

/** Keywords some diff step reads; any other keyword that differs is reported as keyword-changed. */
const HANDLED = new Set([
  ...ANNOTATIONS,
  "type",
  "const",
  "enum",
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "maxProperties",
  "minProperties",
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "multipleOf",
  "pattern",
  "format",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
  "unevaluatedProperties",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "items",
  "prefixItems",
  "additionalItems",
  "contains",
  "anyOf",
  "oneOf",
  "allOf",
  "if",
  "then",
  "else",
  "not",
  // identity and containers, compared per file and per definition
  "$schema",
  "$id",
  "$defs",
  "definitions",
  "$anchor",
  "$dynamicAnchor",
  "$vocabulary",
]);

const key = (n: SchemaNode): string => `${n.absent ? "∅" : ""}${locationKey(n.at)}${n.nullable ? "?" : ""}`;

/** Compare two versions of one subschema; each pair of locations is compared once (recursion ends). */
export function compareNodes(ctx: DiffContext, olderAsWritten: SchemaNode, newerAsWritten: SchemaNode): void {
  const [older, newer] = rewritten(olderAsWritten, newerAsWritten);
  diffAnnotations(ctx, older, newer);
  const pair = `${key(older)}|${key(newer)}|${siteKeywords(older)}|${siteKeywords(newer)}`;
  if (ctx.memo.has(pair)) return;
  ctx.memo.add(pair);
  diffTypes(ctx, older, newer);
  diffValues(ctx, older, newer);
  diffBounds(ctx, older, newer);
  diffStrings(ctx, older, newer);
  diffObject(ctx, older, newer);
  diffArray(ctx, older, newer);
  diffCombinators(ctx, older, newer);
  for (const kw of new Set([...Object.keys(older.schema), ...Object.keys(newer.schema)])) {
    if (HANDLED.has(kw) || isAnnotation(kw) || canonical(older.schema[kw]) === canonical(newer.schema[kw]))
      continue;
    emit(ctx, "keyword-changed", pointerOf(newer, kw), `${kw} changed`, pointerOf(older, kw));
  }
}

/**
 * Equivalent forms, read alike where only one side uses the other form: members moved into `allOf`
 * branches (composed back into their object), an `anyOf` of bare types against a `type` list, and a
 * tuple against its split into one alternative per length.
 */
function rewritten(older: SchemaNode, newer: SchemaNode): [SchemaNode, SchemaNode] {
  const has = (n: SchemaNode, kw: string) => Object.hasOwn(n.schema, kw);
  let [a, b] = [older, newer];
  if (has(a, "allOf") !== has(b, "allOf")) [a, b] = [composeAllOf(a), composeAllOf(b)];
  if (has(a, "anyOf") !== has(b, "anyOf") && (has(a, "type") || has(b, "type")))
    [a, b] = [anyOfAsType(a), anyOfAsType(b)];
  return tupleSplit(a, b);
}

/** Validation keywords written at a referring site (they make the merged node differ from its target). */
function siteKeywords(n: SchemaNode): string {
  const own = [...n.origin.entries()].filter(([kw, o]) => o !== n.at && !isAnnotation(kw));
  return own.length === 0 ? "" : canonical(own.map(([kw, o]) => [kw, locationKey(o)]));
}
