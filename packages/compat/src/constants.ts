import { getAtPointer, type ProtocolEntry, type SchemaObject, type SchemaSet } from "@keel/schema-model";
import { canonical } from "./canonical.js";
import { versionFieldLocations, wireVersion } from "./version-field.js";

/** One version constant a bump rewrote, or a pattern it could not. */
export interface ConstantChange {
  file: string;
  pointer: string;
  keyword: "const" | "enum" | "default" | "pattern";
  from: unknown;
  to: unknown;
}

/**
 * Move the version constants of the working schemas from one version to the next: a `const` or
 * `default` holding the old wire value, an `enum` listing it (the new value is appended). Mutates the
 * set's own files in memory; returns what changed and, as `pattern` entries with `to: null`, patterns
 * that do not accept the new value (left for a person: a pattern is a policy, not a constant).
 */
export function moveVersionConstants(
  set: SchemaSet,
  entry: ProtocolEntry,
  from: string,
  to: string,
): ConstantChange[] {
  const changes: ConstantChange[] = [];
  const seen = new Set<string>();
  for (const where of versionFieldLocations(set, entry)) {
    if (!set.own.includes(where.file)) continue;
    const key = `${where.file.name}#${where.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const schema = getAtPointer(where.file.schema, where.pointer) as SchemaObject | undefined;
    if (schema === undefined || typeof schema !== "object") continue;
    const like = schema.const ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
    const oldWire = wireVersion(entry, from, like);
    const newWire = wireVersion(entry, to, like);
    const at = (keyword: ConstantChange["keyword"], a: unknown, b: unknown) =>
      changes.push({ file: where.file.name, pointer: where.pointer, keyword, from: a, to: b });
    for (const kw of ["const", "default"] as const) {
      if (Object.hasOwn(schema, kw) && canonical(schema[kw]) === canonical(oldWire)) {
        at(kw, schema[kw], newWire);
        schema[kw] = newWire;
      }
    }
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.map(canonical);
      if (values.includes(canonical(oldWire)) && !values.includes(canonical(newWire))) {
        at("enum", [...schema.enum], [...schema.enum, newWire]);
        schema.enum.push(newWire);
      }
    }
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(String(newWire)))
      at("pattern", schema.pattern, null);
  }
  return changes;
}
