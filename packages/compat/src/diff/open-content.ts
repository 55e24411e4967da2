import { show } from "../canonical.js";
import { ruleSpec } from "../rules/index.js";
import { childNode, type Origin, type SchemaNode } from "../schema-node.js";
import { isAnnotation } from "./annotations.js";
import { type DiffContext, emit } from "./context.js";

/**
 * What validated a property name where the object does not declare it (Confluent Schema Registry's open
 * content model): the first matching `patternProperties` schema, else `additionalProperties`, else
 * anything. undefined when the object rejects the name.
 */
export function coverage(node: SchemaNode, name: string): { node: SchemaNode; what: string } | undefined {
  if (!declaresObject(node) && node.parent !== undefined) {
    // a constraint branch reads the names its object declares, as that object types them
    const declared = childNode(node.parent, "properties", name);
    if (declared !== undefined) return { node: declared, what: "the declaration beside the branch" };
    return coverage(node.parent, name);
  }
  const patterns = node.schema.patternProperties;
  if (patterns !== null && typeof patterns === "object")
    for (const p of Object.keys(patterns)) {
      if (!matches(p, name)) continue;
      const child = childNode(node, "patternProperties", p);
      if (child !== undefined) return { node: child, what: `patternProperties ${show(p)}` };
    }
  const extra = node.schema.additionalProperties;
  if (extra === false || node.schema.unevaluatedProperties === false) return undefined;
  if (extra !== null && typeof extra === "object") {
    const child = childNode(node, "additionalProperties");
    if (child !== undefined) return { node: child, what: "additionalProperties" };
  }
  return { node: ANY, what: "any value" };
}

/** Stands for "any value" (an open object's undeclared names): compared without a walk. */
const ANY = { schema: {}, nullable: false, origin: new Map(), chain: [] } as unknown as SchemaNode;

/** Whether a schema restricts its value at all (any keyword that is not an annotation). */
const restricts = (n: SchemaNode): boolean => Object.keys(n.schema).some((k) => !isAnnotation(k));

/**
 * Only an object declaration has an open content model of its own; a constraint branch such as
 * `{required: ["x"]}` inside an anyOf reads names its parent declares, so it is not judged here.
 */
export function declaresObject(node: SchemaNode): boolean {
  const s = node.schema;
  const t = s.type;
  return (
    s.properties !== undefined ||
    s.patternProperties !== undefined ||
    s.additionalProperties !== undefined ||
    t === "object" ||
    (Array.isArray(t) && t.includes("object"))
  );
}

function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}

/** Which readers a comparison found broken: narrowed = new readers reject, widened = old readers reject. */
function direction(ctx: DiffContext, older: SchemaNode, newer: SchemaNode) {
  if (older === ANY) return { narrowed: restricts(newer), widened: false };
  if (newer === ANY) return { narrowed: false, widened: restricts(older) };
  const found = ctx.probe(older, newer).filter((f) => ruleSpec(f.rule).wire);
  return {
    narrowed: found.some((f) => f.effects.newReader === "breaks"),
    widened: found.some(
      (f) => f.effects.oldStrictReader === "breaks" || f.effects.oldLenientReader === "breaks",
    ),
  };
}

/**
 * A name newly declared in an open object, compared with what accepted it undeclared before: returns
 * whether the declaration narrowed it (reported here, so the caller does not also report a plain
 * optional addition).
 */
export function declaredInOpenObject(
  ctx: DiffContext,
  older: SchemaNode,
  prop: SchemaNode,
  name: string,
  at: Origin,
): boolean {
  const before = coverage(older, name);
  if (before === undefined) return false;
  const d = direction(ctx, before.node, prop);
  const was = `undeclared "${name}" took ${before.what}`;
  if (d.narrowed)
    emit(
      ctx,
      "open-content-narrowed",
      at,
      `property "${name}" declared in an open object narrower than before (${was}): old documents using it otherwise fail new readers`,
    );
  if (d.widened)
    emit(
      ctx,
      "open-content-widened",
      at,
      `property "${name}" declared in an open object wider than before (${was}): old readers reject some of its new values`,
    );
  return d.narrowed;
}

/** A declared name dropped from an open object: what accepts it now, compared with its old declaration. */
export function undeclaredInOpenObject(
  ctx: DiffContext,
  newer: SchemaNode,
  prop: SchemaNode,
  name: string,
  at: Origin,
  from: Origin,
): boolean {
  const after = coverage(newer, name);
  if (after === undefined) return false;
  const d = direction(ctx, prop, after.node);
  const now = `undeclared "${name}" now takes ${after.what}`;
  if (d.widened)
    emit(
      ctx,
      "open-content-widened",
      at,
      `property "${name}" removed from an open object (${now}): old readers reject the values new documents may carry`,
      from,
    );
  if (d.narrowed)
    emit(
      ctx,
      "open-content-narrowed",
      at,
      `property "${name}" removed from an open object (${now}): new readers reject old documents carrying it`,
      from,
    );
  return d.widened || d.narrowed;
}
