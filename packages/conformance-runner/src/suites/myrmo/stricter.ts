import { checkTrail } from "@keel/myrmo";
import { type Fixture, made } from "./fixtures.js";

// Where keel's canonical schema or rules are stricter than the upstream Myrmo schema, a colony that
// accepts the document follows the protocol: a warning, never a failure (schemas/myrmo/README.md §
// Differences from the reference, and choices 3 and 7).
const keelOnly = [
  {
    pointer: "/protocol_version",
    keyword: "maxLength",
    why: "keel bounds protocol_version to 16 characters",
  },
  { pointer: "/solution_id", keyword: "pattern", why: "keel takes UUIDs by a lowercase pattern only" },
];

/** Why accepting this invalid fixture is only a warning, or undefined when it must be refused. */
export function keelOnlyReason(f: Fixture): string | undefined {
  return keelOnly.find((k) => k.pointer === f.pointer && k.keyword === f.keyword)?.why;
}

/**
 * Trails valid against the schema that one of keel's semantic rules refuses (a diff that is not a
 * unified diff, a file path climbing out of the project): the protocol demands only the schema.
 */
export function ruleProbes(base: Fixture): Fixture[] {
  const doc = structuredClone(base.document) as { solution: { code_patches: unknown[] } };
  doc.solution.code_patches = [
    { file_path: "src/../../outside.py", diff: "replace the import line", description: "not a unified diff" },
  ];
  const rules = checkTrail(doc).findings.map((f) => f.code);
  return [made(`${base.name} with a patch keel's rules refuse (${rules.join(", ")})`, doc)];
}
