import { readFileSync } from "node:fs";
import { listExamples, type ProtocolEntry, type Registry, splitPointer } from "@keel/schema-model";

/** An example file with its version field moved: the new text, to be written with the release. */
export interface ExampleEdit {
  path: string;
  text: string;
}

/**
 * When a bump makes the schema refuse the old version value (a moved `const` or pattern), the protocol's
 * examples of the versioned document types still carry it: their version field is rewritten to the new
 * value, as text (`"protocol_version": "1.0"` → `"2.0"`, the same in YAML), so formatting stays as it was.
 * The fixtures grow from these examples; left behind, they would be rejected and the fixtures vanish.
 */
export function moveExampleVersions(
  root: string,
  registry: Registry,
  protocol: string,
  entry: ProtocolEntry,
  oldWire: string | number,
  newWire: string | number,
): ExampleEdit[] {
  const field = entry.versionField;
  const key = field === null ? undefined : splitPointer(field.pointer).at(-1);
  if (field === null || key === undefined) return [];
  const name = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const value = String(oldWire).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const quoted = typeof oldWire === "string";
  const json = new RegExp(`("${name}"\\s*:\\s*)${quoted ? `"${value}"` : `${value}(?![0-9.])`}`, "g");
  const yaml = new RegExp(`^(\\s*(?:- )?${name}:\\s*)(["']?)${value}\\2(?=\\s*(?:#.*)?$)`, "gm");
  const wire = quoted ? JSON.stringify(newWire) : String(newWire);
  const edits: ExampleEdit[] = [];
  for (const example of listExamples(root, registry, protocol)) {
    if (!field.documentTypes.includes(example.documentType)) continue;
    const before = readFileSync(example.path, "utf8");
    const text = /\.ya?ml$/.test(example.path)
      ? before.replace(yaml, (_m, lead: string, q: string) => `${lead}${q}${String(newWire)}${q}`)
      : before.replace(json, (_m, lead: string) => `${lead}${wire}`);
    if (text !== before) edits.push({ path: example.path, text });
  }
  return edits;
}
