import {
  getAtPointer,
  protocolEntry,
  type Registry,
  type SchemaFile,
  type SchemaSet,
} from "@keel/schema-model";

/** A schema `keel validate` explains a rejection against: its unions' branches are in the explainer. */
export interface ExplainTarget {
  kind: "type" | "definition";
  /** how the consumer asks for it: the document type, or `<schema file name><fragment>` */
  key: string;
  file: SchemaFile;
  /** `#` or `#/$defs/X` inside `file` */
  fragment: string;
  /** the ajv key: the file's `$id` plus the fragment */
  ref: string;
}

type MethodSchemas = Record<string, { result?: string | null } | undefined>;

/**
 * Every document type, then every method result definition (registry `facts.methodSchemas`, checked by
 * `@keel/validate` check/correlate-results.ts once a response is matched to its request) in each schema file a
 * document type lives in.
 */
export function explainTargets(registry: Registry, set: SchemaSet): ExplainTarget[] {
  const entry = protocolEntry(registry, set.protocol);
  const targets: ExplainTarget[] = [];
  const ref = (file: SchemaFile, fragment: string) => (fragment === "#" ? file.id : `${file.id}${fragment}`);
  for (const [type, { schema, pointer }] of Object.entries(entry.documentTypes)) {
    const file = set.fileByName(schema);
    targets.push({
      kind: "type",
      key: type,
      file,
      fragment: pointer,
      ref: ref(file, pointer),
    });
  }
  const methods = (entry.facts.methodSchemas ?? {}) as MethodSchemas;
  const results = [...new Set(Object.values(methods).map((m) => m?.result))].filter(
    (r): r is string => typeof r === "string",
  );
  const files = [...new Set(Object.values(entry.documentTypes).map((t) => t.schema))].map((n) =>
    set.fileByName(n),
  );
  for (const file of files)
    for (const fragment of results.sort()) {
      if (getAtPointer(file.schema, fragment.slice(1)) === undefined) continue;
      targets.push({
        kind: "definition",
        key: `${file.name}${fragment}`,
        file,
        fragment,
        ref: ref(file, fragment),
      });
    }
  return targets;
}
