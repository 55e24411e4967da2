import type { CodeDescription } from "@keel/diagnostics";

/** The codes `keel gen` and `keel new` stop with (zod/supported.ts, shrink-guard.ts, scaffold/index.ts). */
export const codegenCodes: readonly CodeDescription[] = [
  {
    code: "gen/unsupported-keyword",
    meaning:
      "a schema uses a JSON Schema keyword keel's zod emitter does not implement; nothing is generated until it is removed or the emitter learns it",
    requirements: [],
    example:
      'expected JSON Schema keywords keel\'s zod emitter implements, found "$dynamicRef" at #/properties/a',
  },
  {
    code: "gen/unsupported-format",
    meaning: "a schema names a `format` ajv-formats does not know; use a known format or a `pattern`",
    requirements: [],
    example:
      'expected a format ajv-formats knows (date-time, email, uri, byte, …), found "semver" at #/properties/v/format',
  },
  {
    code: "gen/fixtures-shrank",
    meaning:
      "regenerating would leave a protocol with fewer than half of its conformance fixtures, usually because the schema now rejects its examples; fix the schema or pass --allow-shrink",
    requirements: [],
    example:
      "expected atif's conformance fixtures to stay above half of the 420 on disk, found 12 (trajectory 420 → 12)",
  },
  {
    code: "gen/requirements-invalid",
    meaning:
      "a protocol's requirements catalogue is not JSON, does not match its schema, repeats an id, names another protocol's id or quotes more than 25 words; fix the entry named",
    requirements: [],
    example: "/requirements/3/quote has 31 words, at most 25 may be quoted",
  },
  {
    code: "new/exists",
    meaning: "`keel new` was given a protocol name the registry or the tree already has; choose another name",
    requirements: [],
    example: "expected a new protocol name, found atif already in the registry",
  },
  {
    code: "new/missing-seed",
    meaning: "`keel new --seed` names a file that does not exist",
    requirements: [],
    example: "expected the seed file seed.txt to exist, found nothing there",
  },
];
