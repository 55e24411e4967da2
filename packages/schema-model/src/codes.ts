import type { CodeDescription } from "@keel/diagnostics";

/** The codes loading a schema set reports beyond diagnostics' catalogue (metaschema.ts, schema-set.ts, compile.ts). */
export const schemaModelCodes: readonly CodeDescription[] = [
  {
    code: "schema/invalid",
    meaning:
      "a schema does not validate against its draft's metaschema (JSON Schema 2020-12 Core § 8); fix the keyword named",
    requirements: [],
    example: 'expected /properties/name/maxLength to be integer, found string "64"',
  },
  {
    code: "schema/missing-id",
    meaning:
      "a canonical schema's $id is not a string (a schema without $id gets https://keel.invalid/schemas/<protocol>/<file>)",
    requirements: [],
    example: "expected $id to be a string, found 42",
  },
  {
    code: "schema/mixed-drafts",
    meaning: "schemas of different JSON Schema drafts reference each other; give them one $schema",
    requirements: [],
    example: "expected one draft across $refs, found draft-07 and 2020-12",
  },
  {
    code: "schema/not-an-object",
    meaning: "a schema file's top level is not a JSON object (JSON Schema 2020-12 Core § 4.3)",
    requirements: [],
    example: "expected a JSON Schema object at the top level",
  },
  {
    code: "schema/unknown-draft",
    meaning:
      "a schema's $schema names a draft keel does not know (JSON Schema 2020-12 Core § 8.1.1); use draft-04, draft-06, draft-07, 2019-09 or 2020-12",
    requirements: [],
    example: 'expected a known $schema, found "http://example.com/x"',
  },
  {
    code: "registry/unknown-version",
    meaning: "a version that the protocol's registry entry does not list; name a released version",
    requirements: [],
    example: 'expected a released version (1.0, 1.1), found "9.9"',
  },
];
