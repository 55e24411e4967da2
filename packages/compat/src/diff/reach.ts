import { getAtPointer, type ProtocolEntry, type SchemaSet, walk } from "@keel/schema-model";
import { ruleSpec } from "../rules/index.js";
import type { CompatFinding } from "../types.js";
import { documentRoot } from "../version-field.js";

const DEF = /^(\/(?:\$defs|definitions)\/[^/]+)/;

/**
 * The definitions (`file name|/$defs/X`) the document roots reach through the actual `$ref` graph:
 * every subschema under a root is walked and every `$ref` followed, across files.
 */
export function reachedDefinitions(set: SchemaSet, entry: ProtocolEntry): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const queue = Object.keys(entry.documentTypes)
    .map((t) => documentRoot(set, entry, t)?.chain[0])
    .filter((o) => o !== undefined);
  while (queue.length > 0) {
    const at = queue.pop();
    if (at === undefined) break;
    const key = `${at.file.id}#${at.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const schema = getAtPointer(at.file.schema, at.pointer);
    if (schema === undefined || (typeof schema !== "object" && typeof schema !== "boolean")) continue;
    for (const v of walk(schema as never, at.pointer)) {
      // a definitions container is not part of the document: only what a $ref names is reached
      if (/\/(\$defs|definitions)\//.test(v.pointer.slice(at.pointer.length))) continue;
      const def = DEF.exec(v.pointer)?.[1];
      if (def !== undefined) reached.add(`${at.file.name}|${def}`);
      if (typeof v.schema !== "object" || typeof v.schema.$ref !== "string") continue;
      try {
        const t = set.resolve(v.schema.$ref, at.file);
        queue.push({ file: t.file, pointer: t.pointer });
      } catch {
        // an unresolvable $ref is reported by the loader, not here
      }
    }
  }
  return reached;
}

/** A wire finding inside a definition no root reaches, in either version, is reported as unreachable. */
export function markUnreachable(
  findings: CompatFinding[],
  older: { set: SchemaSet; reached: Set<string> },
  newer: { set: SchemaSet; reached: Set<string> },
): CompatFinding[] {
  const spec = ruleSpec("unreachable-changed");
  const inside = (file: string, pointer: string | undefined, reached: Set<string>) => {
    const def = pointer === undefined ? undefined : DEF.exec(pointer)?.[1];
    return def !== undefined && !reached.has(`${file}|${def}`);
  };
  return findings.map((f) => {
    if (!ruleSpec(f.rule).wire) return f;
    const oldFile = f.fromPointer?.includes("#")
      ? (f.fromPointer.split("#")[0] as string)
      : (older.set.own[0]?.name ?? f.file);
    const oldPointer = f.fromPointer?.includes("#")
      ? f.fromPointer.split("#")[1]
      : (f.fromPointer ?? f.pointer);
    const sameFile = older.set.own.some((x) => x.name === f.file) ? f.file : oldFile;
    if (!inside(f.file, f.pointer, newer.reached) || !inside(sameFile, oldPointer, older.reached)) return f;
    const def = DEF.exec(f.pointer)?.[1]?.split("/").pop();
    return {
      ...f,
      code: "compat/unreachable-changed",
      rule: "unreachable-changed",
      severity: "info",
      message: `${f.message} (in definition "${def}", which no document root reaches; was ${f.rule})`,
      effects: spec.effects,
      requires: "none",
    };
  });
}
