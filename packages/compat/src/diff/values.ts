import { canonical, show } from "../canonical.js";
import { childNode, pointerOf, type SchemaNode } from "../schema-node.js";
import { type DiffContext, emit, isVersionField } from "./context.js";
import { hostTypes } from "./host-implied.js";
import { addedAlternatives } from "./pattern.js";
import { judges } from "./type-families.js";

const ANY = ["array", "boolean", "number", "object", "string"];

/** The non-null JSON types a node allows (integer folded into number when both are there). */
export function typeSet(node: SchemaNode): Set<string> {
  const t = node.schema.type;
  const list = typeof t === "string" ? [t] : Array.isArray(t) ? t.map(String) : ANY;
  const set = new Set(list.length > 1 ? list.filter((x) => x !== "null") : list);
  if (set.has("number")) set.delete("integer");
  return set;
}

const unionOnly = (n: SchemaNode): boolean =>
  n.schema.type === undefined && (Array.isArray(n.schema.anyOf) || Array.isArray(n.schema.oneOf));

function unionBranches(n: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const kw of ["anyOf", "oneOf"])
    if (Array.isArray(n.schema[kw]))
      (n.schema[kw] as unknown[]).forEach((_, i) => {
        const b = childNode(n, kw, i);
        if (b !== undefined) out.push(b);
      });
  return out;
}

/** A node's types; for one without `type` whose anyOf/oneOf alternatives say theirs, the types they allow. */
function effectiveTypes(n: SchemaNode): Set<string> {
  if (!unionOnly(n)) return typeSet(n);
  const out = new Set<string>();
  for (const b of unionBranches(n)) for (const t of valueTypes(b) ?? effectiveTypes(b)) out.add(t);
  if (out.size > 1) out.delete("null");
  if (out.has("number")) out.delete("integer");
  return out;
}

/** The JSON types of the values an enum or const allows; undefined without one. */
function valueTypes(n: SchemaNode): Set<string> | undefined {
  const values = Object.hasOwn(n.schema, "const") ? [n.schema.const] : n.schema.enum;
  if (!Array.isArray(values)) return undefined;
  const kind = (v: unknown) =>
    v === null
      ? "null"
      : Array.isArray(v)
        ? "array"
        : typeof v === "object"
          ? "object"
          : Number.isInteger(v)
            ? "integer"
            : typeof v === "number"
              ? "number"
              : typeof v;
  return new Set(values.map(kind));
}

/** Whether null is allowed; undefined when the node has no type at all (anything goes). */
function nullability(node: SchemaNode): boolean | undefined {
  const t = node.schema.type;
  if (t === undefined) return node.nullable ? true : undefined;
  return node.nullable || t === "null" || (Array.isArray(t) && t.includes("null"));
}

const within = (a: Set<string>, b: Set<string>): boolean =>
  [...a].every((t) => b.has(t) || (t === "integer" && b.has("number")));

const list = (s: Set<string>): string => (ANY.every((t) => s.has(t)) ? "any" : [...s].sort().join(" | "));

export function diffTypes(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  const na = nullability(older);
  const nb = nullability(newer);
  if (na !== undefined && nb !== undefined && na !== nb) {
    const rule = nb ? "nullable-added" : "nullable-removed";
    emit(
      ctx,
      rule,
      pointerOf(newer, "type"),
      nb ? "null is now allowed" : "null is no longer allowed",
      pointerOf(older, "type"),
    );
  }
  // a union against a type list: compare the types its alternatives allow, not "any" (the union's own
  // change is the combinators' finding); a union against no type at all is only the combinators' finding
  const oneUnion = unionOnly(older) !== unionOnly(newer);
  if (oneUnion && (older.schema.type === undefined) === (newer.schema.type === undefined)) return;
  const a = oneUnion ? effectiveTypes(older) : typeSet(older);
  const b = oneUnion ? effectiveTypes(newer) : typeSet(newer);
  if (within(a, b) && within(b, a)) return;
  // a value that became a union one of whose alternatives accepts it all: one change, union-widened
  if (
    unionOnly(newer) &&
    !unionOnly(older) &&
    unionBranches(newer).some((x) => ctx.probe(older, x).every((f) => f.effects.newReader !== "breaks"))
  )
    return;
  const rule = within(a, b) ? "type-widened" : within(b, a) ? "type-narrowed" : "type-changed";
  // a branch restating a type the object it constrains demands there anyway changes no verdict
  const host = rule === "type-widened" ? undefined : hostTypes(pointerOf(newer, "type"));
  if (host !== undefined && within(host, a) && within(host, b)) return;
  emit(
    ctx,
    rule,
    pointerOf(newer, "type"),
    `type changed: was ${list(a)}, now ${list(b)}`,
    pointerOf(older, "type"),
  );
}

/**
 * The values an enum or const allows, as canonical JSON; undefined when unrestricted. A value the node's
 * own `type` refuses is allowed nowhere (babelrc's `{const: ["auto"], type: "string"}` accepts nothing), so
 * it is left out: adding or removing it changes no verdict.
 */
function allowed(node: SchemaNode): string[] | undefined {
  const e = node.schema.enum;
  const values = Object.hasOwn(node.schema, "const") ? [node.schema.const] : Array.isArray(e) ? e : undefined;
  return values?.filter((v) => typeAdmits(node, v)).map(canonical);
}

/** Whether the node's `type` keyword (and "or null") lets a value of this JSON type through. */
function typeAdmits(node: SchemaNode, v: unknown): boolean {
  const t = node.schema.type;
  if (t === undefined) return true;
  const types = (Array.isArray(t) ? t : [t]).map(String);
  if (v === null) return node.nullable || types.includes("null");
  if (typeof v === "number")
    return types.includes("number") || (types.includes("integer") && Number.isInteger(v));
  const kind = Array.isArray(v) ? "array" : typeof v;
  return types.includes(kind);
}

export function diffValues(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  const a = allowed(older);
  const b = allowed(newer);
  if (a === undefined && b === undefined) return;
  const kw = (n: SchemaNode) => (Object.hasOwn(n.schema, "const") ? "const" : "enum");
  const at = pointerOf(newer, kw(newer));
  const from = pointerOf(older, kw(older));
  if (a === undefined || b === undefined) {
    if (a === undefined) emit(ctx, "enum-constraint-added", at, `now restricted to ${b?.join(", ")}`, from);
    else emit(ctx, "enum-constraint-removed", at, `no longer restricted to ${a.join(", ")}`, from);
    return;
  }
  const added = b.filter((v) => !a.includes(v));
  const removed = a.filter((v) => !b.includes(v));
  if (isVersionField(ctx, older, newer)) {
    if (removed.length > 0)
      emit(
        ctx,
        "version-value-changed",
        at,
        `version values changed: was ${a.join(", ")}, now ${b.join(", ")}`,
        from,
      );
    else if (added.length > 0)
      emit(ctx, "version-value-added", at, `version values added: ${added.join(", ")}`, from);
    return;
  }
  if (a.length === 1 && b.length === 1 && kw(older) === "const" && kw(newer) === "const") {
    if (a[0] !== b[0]) emit(ctx, "const-changed", at, `const changed: was ${a[0]}, now ${b[0]}`, from);
    return;
  }
  for (const v of added) emit(ctx, "enum-value-added", at, `value ${v} added`, from, { json: v });
  for (const v of removed) emit(ctx, "enum-value-removed", at, `value ${v} removed`, from, { json: v });
}

/** maxLength & co.: [keyword, rule prefix, is an upper bound]. */
const BOUNDS: Array<[string, string, boolean]> = [
  ["maxLength", "max-length", true],
  ["minLength", "min-length", false],
  ["maxItems", "max-items", true],
  ["minItems", "min-items", false],
  ["maxProperties", "max-properties", true],
  ["minProperties", "min-properties", false],
];

export function diffBounds(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  for (const [kw, id, upper] of BOUNDS) {
    const a = older.schema[kw];
    const b = newer.schema[kw];
    if (a === b || !judges(kw, older, newer)) continue;
    const tighter =
      a === undefined || (b !== undefined && (upper ? Number(b) < Number(a) : Number(b) > Number(a)));
    const rule = `${id}-${upper === tighter ? "decreased" : "increased"}`;
    const at = pointerOf(newer, kw);
    emit(ctx, rule, at, `${kw} changed: was ${show(a)}, now ${show(b)}`, pointerOf(older, kw));
  }
  numericBound(ctx, older, newer, "maximum", "exclusiveMaximum", true);
  numericBound(ctx, older, newer, "minimum", "exclusiveMinimum", false);
}

/** maximum/exclusiveMaximum as one bound: lower value, or the same value made exclusive, is tighter. */
function numericBound(
  ctx: DiffContext,
  o: SchemaNode,
  n: SchemaNode,
  inc: string,
  exc: string,
  upper: boolean,
) {
  const read = (node: SchemaNode) => {
    const i = node.schema[inc];
    const e = node.schema[exc];
    if (typeof e === "number" && (typeof i !== "number" || (upper ? e <= i : e >= i)))
      return { v: e, x: true, kw: exc };
    return typeof i === "number" ? { v: i, x: false, kw: inc } : undefined;
  };
  const a = read(o);
  const b = read(n);
  if ((a?.v === b?.v && a?.x === b?.x) || !judges(inc, o, n)) return;
  const sign = upper ? 1 : -1;
  const tighter =
    a === undefined || (b !== undefined && (sign * b.v < sign * a.v || (b.v === a.v && b.x && !a.x)));
  const rule = `${upper ? "maximum" : "minimum"}-${upper === tighter ? "decreased" : "increased"}`;
  const text = (x: typeof a) => (x === undefined ? "unset" : `${x.kw} ${x.v}`);
  const at = pointerOf(n, b?.kw);
  emit(
    ctx,
    rule,
    at,
    `${upper ? "upper" : "lower"} bound changed: was ${text(a)}, now ${text(b)}`,
    pointerOf(o, a?.kw),
  );
}

/** pattern and format: added, removed or changed. */
export function diffStrings(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  for (const kw of ["pattern", "format"]) {
    const a = older.schema[kw];
    const b = newer.schema[kw];
    if (a === b || !judges(kw, older, newer)) continue;
    const change = a === undefined ? "added" : b === undefined ? "removed" : "changed";
    const gained =
      kw === "pattern" && typeof a === "string" && typeof b === "string"
        ? addedAlternatives(a, b)
        : undefined;
    const at = pointerOf(newer, kw);
    if (gained !== undefined)
      emit(
        ctx,
        "pattern-widened",
        at,
        `pattern only gained alternatives: ${gained.join(", ")}`,
        pointerOf(older, kw),
      );
    else
      emit(
        ctx,
        `${kw}-${change}`,
        at,
        `${kw} ${change}: was ${show(a)}, now ${show(b)}`,
        pointerOf(older, kw),
      );
  }
  const ua = older.schema.uniqueItems === true;
  const ub = newer.schema.uniqueItems === true;
  if (ua !== ub && judges("uniqueItems", older, newer))
    emit(
      ctx,
      ub ? "unique-items-added" : "unique-items-removed",
      pointerOf(newer, "uniqueItems"),
      ub ? "items now have to be unique" : "items no longer have to be unique",
      pointerOf(older, "uniqueItems"),
    );
  const ma = older.schema.multipleOf;
  const mb = newer.schema.multipleOf;
  if (ma !== mb && judges("multipleOf", older, newer))
    emit(
      ctx,
      "multiple-of-changed",
      pointerOf(newer, "multipleOf"),
      `multipleOf changed: was ${show(ma)}, now ${show(mb)}`,
      pointerOf(older, "multipleOf"),
    );
}
