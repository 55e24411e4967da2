import { joinPointer } from "@keel/schema-model";
import { canonical, show } from "../canonical.js";
import { childNode, pointerOf, type SchemaNode } from "../schema-node.js";
import { type DiffContext, emit } from "./context.js";
import { declaredInOpenObject, undeclaredInOpenObject } from "./open-content.js";

const props = (n: SchemaNode): Record<string, unknown> => {
  const p = n.schema.properties;
  return p !== null && typeof p === "object" ? (p as Record<string, unknown>) : {};
};
const required = (n: SchemaNode): Set<string> =>
  new Set(Array.isArray(n.schema.required) ? n.schema.required.map(String) : []);
/** A closed object rejects properties it does not name. */
export const isClosed = (n: SchemaNode): boolean =>
  n.schema.additionalProperties === false || n.schema.unevaluatedProperties === false;

export function diffObject(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  const [pa, pb] = [props(older), props(newer)];
  const [ra, rb] = [required(older), required(newer)];
  const closedA = isClosed(older);
  const closedB = isClosed(newer);
  for (const name of Object.keys(pb)) {
    const at = pointerOf(newer, "properties", name);
    if (Object.hasOwn(pa, name)) continue;
    const child = childNode(newer, "properties", name);
    // open object: the name was accepted undeclared before; compare with what accepted it
    const narrowed = !closedA && child !== undefined && declaredInOpenObject(ctx, older, child, name, at);
    if (rb.has(name) && !ra.has(name))
      emit(ctx, "required-property-added", at, `required property "${name}" added`);
    else if (rb.has(name) || narrowed) continue;
    else if (closedA)
      emit(
        ctx,
        "optional-property-added-to-closed-object",
        at,
        `optional property "${name}" added to a closed object`,
      );
    else emit(ctx, "optional-property-added", at, `optional property "${name}" added`);
  }
  for (const name of Object.keys(pa)) {
    if (Object.hasOwn(pb, name)) continue;
    const at = pointerOf(newer, "properties", name);
    const from = pointerOf(older, "properties", name);
    const kind = ra.has(name) ? "required" : "optional";
    const child = childNode(older, "properties", name);
    const open = !closedB && child !== undefined && undeclaredInOpenObject(ctx, newer, child, name, at, from);
    if (open && kind === "optional") continue;
    const rule = `${kind}-property-removed${closedB ? "-from-closed-object" : ""}`;
    emit(ctx, rule, at, `${kind} property "${name}" removed`, from);
  }
  for (const name of new Set([...ra, ...rb])) {
    if (ra.has(name) === rb.has(name)) continue;
    const inBoth = Object.hasOwn(pa, name) && Object.hasOwn(pb, name);
    if (!inBoth && (Object.hasOwn(pa, name) || Object.hasOwn(pb, name))) continue; // reported as added/removed
    const at = pointerOf(newer, "properties", name);
    const from = pointerOf(older, "required");
    if (rb.has(name)) {
      emit(ctx, "property-made-required", at, `property "${name}" is now required`, from);
      continue;
    }
    const child = childNode(newer, "properties", name);
    const fill = child !== undefined && Object.hasOwn(child.schema, "default");
    const rule = fill ? "property-made-optional" : "property-made-optional-without-default";
    const detail = fill ? ` (default ${show(child?.schema.default)})` : "";
    emit(ctx, rule, at, `property "${name}" is no longer required${detail}`, from);
  }
  if (closedA !== closedB) {
    const at = pointerOf(newer, closedB ? "additionalProperties" : undefined);
    emit(
      ctx,
      closedB ? "object-closed" : "object-opened",
      at,
      closedB ? "object now rejects unknown properties" : "object now accepts unknown properties",
      pointerOf(older, "additionalProperties"),
    );
  }
  for (const name of Object.keys(pb)) {
    const a = childNode(older, "properties", name);
    const b = childNode(newer, "properties", name);
    if (a !== undefined && b !== undefined) ctx.compare(a, b);
  }
  diffAdditional(ctx, older, newer);
  diffPatternProperties(ctx, older, newer);
  for (const kw of ["dependentRequired", "dependentSchemas", "dependencies"]) {
    if (canonical(older.schema[kw]) !== canonical(newer.schema[kw]))
      emit(ctx, "dependencies-changed", pointerOf(newer, kw), `${kw} changed`, pointerOf(older, kw));
  }
  const pa2 = childNode(older, "propertyNames");
  const pb2 = childNode(newer, "propertyNames");
  if (pa2 !== undefined || pb2 !== undefined)
    ctx.compare(
      pa2 ?? emptyLike(newer, older, "propertyNames"),
      pb2 ?? emptyLike(older, newer, "propertyNames"),
    );
}

/** additionalProperties schemas (maps): compared as subschemas when neither side closes the object. */
function diffAdditional(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  const a = older.schema.additionalProperties;
  const b = newer.schema.additionalProperties;
  if (a === false || b === false) return;
  const isSchema = (v: unknown) => v !== null && typeof v === "object";
  if (!isSchema(a) && !isSchema(b)) return;
  const na = isSchema(a) ? childNode(older, "additionalProperties") : undefined;
  const nb = isSchema(b) ? childNode(newer, "additionalProperties") : undefined;
  ctx.compare(
    na ?? emptyLike(newer, older, "additionalProperties"),
    nb ?? emptyLike(older, newer, "additionalProperties"),
  );
}

function diffPatternProperties(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  const pa = (older.schema.patternProperties ?? {}) as Record<string, unknown>;
  const pb = (newer.schema.patternProperties ?? {}) as Record<string, unknown>;
  for (const p of new Set([...Object.keys(pa), ...Object.keys(pb)])) {
    const a = Object.hasOwn(pa, p) ? childNode(older, "patternProperties", p) : undefined;
    const b = Object.hasOwn(pb, p) ? childNode(newer, "patternProperties", p) : undefined;
    if (a !== undefined && b !== undefined) ctx.compare(a, b);
    else
      emit(
        ctx,
        "pattern-properties-changed",
        pointerOf(newer, "patternProperties", p),
        `pattern property ${show(p)} ${b === undefined ? "removed" : "added"}`,
        pointerOf(older, "patternProperties", p),
      );
  }
}

/**
 * An unconstrained schema standing in for a keyword one side does not have. With `side` and `keyword`
 * it is located where that keyword would be written in `side` (a map's values at its
 * additionalProperties, not at the property holding the map).
 */
export function emptyLike(like: SchemaNode, side?: SchemaNode, keyword?: string): SchemaNode {
  const base = { ...like, schema: {}, nullable: false, origin: new Map(), chain: [], absent: true };
  if (side === undefined || keyword === undefined) return base;
  const holder = side.chain[0] ?? side.at;
  const at = { file: holder.file, pointer: joinPointer(holder.pointer, keyword) };
  return { ...base, at, chain: [at] };
}
