import { getAtPointer, type ProtocolEntry, type SchemaObject, type SchemaSet } from "@keel/schema-model";
import { canonical } from "./canonical.js";
import { versionFieldLocations, wireVersion } from "./version-field.js";

/** One version constant or pattern a bump rewrote; `to: null` is a pattern it could not (the bump refuses). */
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
 * set's own files in memory; returns what changed. A `pattern` that refuses the new value has its
 * version number moved (`^1\.[0-9]+$` → `^2\.[0-9]+$`); one keel cannot move that way is returned
 * with `to: null`, and the bump refuses before writing anything.
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
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(String(newWire))) {
      const moved = movePattern(schema.pattern, from, to, newWire);
      at("pattern", schema.pattern, moved ?? null);
      if (moved !== undefined) schema.pattern = moved;
    }
  }
  return changes;
}

/**
 * A version pattern rewritten to accept `newWire`: the old version's text (`1\.0`), else one whole
 * occurrence of its major number (not inside a `{m,n}` quantifier), replaced by the new one's; the first
 * rewrite that accepts `newWire` wins. Undefined when none does: a person has to say what it should be.
 */
export function movePattern(pattern: string, from: string, to: string, newWire: unknown): string | undefined {
  const literal = (v: string) => v.replaceAll(".", "\\.");
  const candidates: string[] = [];
  if (pattern.includes(literal(from))) candidates.push(pattern.replace(literal(from), literal(to)));
  const oldMajor = from.split(".")[0] as string;
  const newMajor = to.split(".")[0] as string;
  const whole = new RegExp(`(?<![0-9{,])${oldMajor}(?![0-9,}])`, "g");
  for (const m of pattern.matchAll(whole)) {
    const at = m.index ?? 0;
    candidates.push(pattern.slice(0, at) + newMajor + pattern.slice(at + oldMajor.length));
  }
  return candidates.find((c) => {
    try {
      return new RegExp(c, "u").test(String(newWire));
    } catch {
      return false;
    }
  });
}
