import { isRecord } from "@keel/diagnostics";
import { getAtPointer, walk } from "@keel/schema-model";
import type { NamedDefinition } from "../names.js";
import type { Location } from "./context.js";

export interface OrderedDefinition {
  def: NamedDefinition;
  /** names of the definitions it can recurse through (its strongly connected component, when recursive) */
  cycle: Set<string>;
}

/**
 * Definitions in dependency order (what a definition references comes first), so each `XxxSchema` can
 * use the ones it needs by name. Definitions that reach themselves again (ATIF's
 * `Trajectory.subagent_trajectories`) share a cycle; references inside it are emitted lazily.
 * `targets(def)` lists the definitions of this protocol that `def` references.
 */
export function orderDefinitions(
  defs: readonly NamedDefinition[],
  targets: (def: NamedDefinition) => NamedDefinition[],
): OrderedDefinition[] {
  const index = new Map<NamedDefinition, number>();
  const low = new Map<NamedDefinition, number>();
  const stack: NamedDefinition[] = [];
  const onStack = new Set<NamedDefinition>();
  const out: OrderedDefinition[] = [];
  // Tarjan's algorithm yields components dependencies-first; recursive to a depth of the longest $ref chain
  const visit = (v: NamedDefinition): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of targets(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: NamedDefinition[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    const recursive = component.length > 1 || targets(v).includes(v);
    const cycle = new Set(recursive ? component.map((d) => d.name) : []);
    // a union of the cycle's definitions comes after them: it then names them eagerly (a z.lazy in a
    // union infers unknown), while their getters reach it lazily
    component.sort((a, b) => Number(isUnion(a)) - Number(isUnion(b)) || defs.indexOf(a) - defs.indexOf(b));
    for (const def of component) out.push({ def, cycle });
  };
  for (const def of defs) if (!index.has(def)) visit(def);
  return out;
}

/** A definition that is only an `anyOf`/`oneOf` (no shape of its own). */
function isUnion(def: NamedDefinition): boolean {
  const schema = getAtPointer(def.file.schema, def.pointer);
  if (!isRecord(schema) || !(Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf))) return false;
  return !["properties", "items", "additionalProperties", "type", "$ref"].some((k) => k in schema);
}

/** Every `$ref` written inside a schema (not descending into its `$defs`), with where it was written. */
export function refsIn(schema: unknown, at: Location): { ref: string; at: Location }[] {
  const refs: { ref: string; at: Location }[] = [];
  if (typeof schema !== "object" || schema === null) return refs;
  const { $defs: _defs, definitions: _definitions, ...own } = schema as Record<string, unknown>;
  for (const v of walk(own, at.pointer)) {
    if (typeof v.schema === "object" && typeof v.schema.$ref === "string")
      refs.push({ ref: v.schema.$ref, at: { file: at.file, pointer: v.pointer } });
  }
  return refs;
}
