import type { Schema, SchemaObject } from "@keel/schema-model";
import { child, type Location } from "./context.js";
import { ANNOTATIONS } from "./keywords.js";
import { directTest, type TestEmitter } from "./predicate.js";
import type { ResolveRef } from "./types-of.js";

/**
 * A cheap necessary condition for a union branch, as a test of `v`: the `type`, `required` keys and
 * `const`/`enum` properties it demands, gathered through `$ref` and `allOf`. A value failing it fails
 * the branch, so the union need not run the branch to know (slipway's oneOfs tell their branches
 * apart by such a tag, and running every branch in full is what made them slow). Undefined when the
 * branch demands none of these.
 */
export function branchGuard(
  e: TestEmitter & { resolveRef: ResolveRef },
  schema: Schema,
  at: Location,
): string | undefined {
  const demands: SchemaObject[] = [];
  collect(e.resolveRef, schema, at, demands, new Set(), 0);
  // one schema holding a type, every required key and the first tag of each key: each is demanded
  const merged: SchemaObject = {};
  const type = demands.find((d) => d.type !== undefined)?.type;
  if (type !== undefined) merged.type = type;
  const required = [...new Set(demands.flatMap((d) => (d.required ?? []) as string[]))];
  if (required.length > 0) merged.required = required;
  const properties: Record<string, Schema> = {};
  for (const d of demands)
    for (const [k, p] of Object.entries((d.properties ?? {}) as Record<string, Schema>)) properties[k] ??= p;
  if (Object.keys(properties).length > 0) merged.properties = properties;
  const test = directTest(e, merged, at);
  return test === undefined || test === "true" ? undefined : test;
}

function collect(
  resolve: ResolveRef,
  schema: Schema,
  at: Location,
  out: SchemaObject[],
  seen: Set<string>,
  depth: number,
): void {
  if (typeof schema !== "object" || depth > 8) return;
  const demand: SchemaObject = {};
  if (typeof schema.type === "string" || Array.isArray(schema.type)) demand.type = schema.type;
  if (Array.isArray(schema.required))
    demand.required = (schema.required as unknown[]).filter(
      (k) => typeof k === "string" && k !== "__proto__",
    );
  const tags = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(
    ([k, p]) => k !== "__proto__" && isTag(p),
  );
  if (tags.length > 0) demand.properties = Object.fromEntries(tags);
  if (Object.keys(demand).length > 0) out.push(demand);
  if (typeof schema.$ref === "string") {
    const target = resolve(schema.$ref, at);
    const key = `${target.at.file.id}#${target.at.pointer}`;
    if (!seen.has(key)) collect(resolve, target.schema, target.at, out, new Set([...seen, key]), depth + 1);
  }
  const allOf = (Array.isArray(schema.allOf) ? schema.allOf : []) as Schema[];
  allOf.forEach((b, i) => {
    collect(resolve, b, child(at, "allOf", i), out, seen, depth + 1);
  });
}

/** A property schema that is only a `const` or an `enum` of plain values. */
function isTag(schema: Schema): boolean {
  if (typeof schema !== "object") return false;
  const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  const plain = (v: unknown) => v === null || typeof v !== "object";
  return (
    keys.length === 1 &&
    ((keys[0] === "const" && plain(schema.const)) ||
      (keys[0] === "enum" && Array.isArray(schema.enum) && schema.enum.every(plain)))
  );
}
