import { catalogue } from "@keel/diagnostics";
import type { CodeEntry } from "./entry.js";

const CATALOGUE = "packages/diagnostics/src/catalogue.ts";

/** A stand-in for any message parameter: prints as `<name>`, joins as `<name…>`. */
function placeholders(): unknown {
  return new Proxy(
    {},
    {
      get: (_, key) => Object.assign(new String(`<${String(key)}>`), { join: () => `<${String(key)}…>` }),
    },
  );
}

/** The diagnostics catalogue: its summary is the meaning, its message template (with placeholders) the example. */
export function catalogueEntries(): CodeEntry[] {
  return Object.entries(catalogue).map(([code, spec]) => ({
    code,
    family: code.split("/")[0] ?? code,
    meaning: spec.summary,
    source: `${CATALOGUE} (${spec.severity})`,
    example: (spec.message as (p: unknown) => string)(placeholders()),
  }));
}

const VALIDATE = "packages/validate/README.md";
const SCHEMA_MODEL = "packages/schema-model/README.md";

/** Codes the input, loading and validate layers report outside the catalogue: [code, meaning, source, example]. */
const EXTRA: readonly [string, string, string, string][] = [
  [
    "json/bom",
    "a JSON text starts with a byte order mark, which RFC 8259 § 8.1 forbids adding",
    "RFC 8259 § 8.1",
    "expected JSON text, found a UTF-8 byte order mark at 1:1",
  ],
  [
    "json/invalid-utf8",
    "the bytes of a document are not UTF-8",
    "RFC 8259 § 8.1",
    "expected UTF-8, found byte 0xff at 3:12",
  ],
  [
    "json/too-deep",
    "arrays and objects nest deeper than keel walks",
    `${VALIDATE} (limits)`,
    "expected at most 512 levels of nesting, found more at 1:513",
  ],
  [
    "json/duplicate-key",
    "an object has the same member name twice; parsers disagree on which one wins (error for strict protocols, warning for lenient ones)",
    "RFC 8259 § 4 (names SHOULD be unique)",
    'expected each key once in /, found "protocol_version" again at 1:30',
  ],
  [
    "yaml/too-deep",
    "YAML nesting (or alias expansion) deeper than keel walks",
    `${VALIDATE} (limits)`,
    "expected at most 512 levels of nesting, found more at 40:3",
  ],
  [
    "schema/invalid",
    "a schema does not validate against its draft's metaschema",
    "JSON Schema 2020-12 Core § 8 (metaschemas)",
    'expected /properties/name/maxLength to be integer, found string "64"',
  ],
  [
    "schema/missing-id",
    "a canonical schema's $id is not a string (a schema without $id gets https://keel.invalid/schemas/<protocol>/<file>)",
    `${SCHEMA_MODEL} (schema set)`,
    "expected $id to be a string, found 42",
  ],
  [
    "schema/mixed-drafts",
    "schemas of different JSON Schema drafts reference each other",
    `${SCHEMA_MODEL} (compile)`,
    "expected one draft across $refs, found draft-07 and 2020-12",
  ],
  [
    "schema/not-an-object",
    "a schema file's top level is not a JSON object",
    "JSON Schema 2020-12 Core § 4.3",
    "expected a JSON Schema object at the top level",
  ],
  [
    "schema/unknown-draft",
    "a schema's $schema names a draft keel does not know",
    "JSON Schema 2020-12 Core § 8.1.1 ($schema)",
    'expected a known $schema, found "http://example.com/x"',
  ],
  [
    "registry/unknown-version",
    "a version that the protocol's registry entry does not list",
    "schemas/registry.json",
    'expected a released version (1.0, 1.1), found "9.9"',
  ],
  [
    "validate/empty-input",
    "an input holds no document (an empty file or stdin) and --allow-empty was not given",
    VALIDATE,
    "expected at least one document in empty.json, found none",
  ],
  [
    "validate/response-unmatched",
    "in a file holding both directions (a Mira session capture), a response whose id names no earlier unanswered request: its result cannot be checked against a method (warning)",
    VALIDATE,
    "expected a request with id 9 earlier in the file, found none (or it was answered already): the result is not checked against a method",
  ],
  [
    "validate/rules-not-run",
    "a document has schema errors in a shape its protocol rules cannot read, so they did not run: fix the schema errors and run again (info)",
    VALIDATE,
    "expected the trajectory protocol rules to run, found they cannot read this document until its schema errors are fixed",
  ],
  [
    "validate/stale-validators",
    "a schema changed since its generated validators were made: the old verdict would be wrong",
    VALIDATE,
    "expected generated validators for schemas/atif/trajectory.schema.json, found them stale: run `pnpm keel gen`",
  ],
  [
    "validate/too-large",
    "a document (a .json/.yaml file, stdin read whole, one JSON Lines line) is longer than the bound (64 MiB unless --max-document-size says otherwise); the rest of that input is not read",
    VALIDATE,
    "expected a line of at most 64 MiB, found a longer one: the rest of the input is not read",
  ],
  [
    "validate/unknown-type",
    "no single document type of the protocol fits a document; names the nearest type and why the others were ruled out",
    VALIDATE,
    "expected a slipway document type, found none: nearest is action (contract_version 3, expected 2)",
  ],
  [
    "validate/worker-failed",
    "a validate worker thread failed (a bug or the machine running out of memory)",
    VALIDATE,
    "a validate worker thread exited with code 1",
  ],
  [
    "compat/required-moved",
    "a required property moved between objects, reported once rather than as an add and a remove",
    "packages/compat/README.md",
    'expected /properties/a/required to keep "id", found it moved to /properties/b',
  ],
  [
    "compat/unreachable-changed",
    "a change in a part of the schema no document can reach ($defs nothing references)",
    "packages/compat/README.md",
    "a change under /$defs/Old, which nothing references",
  ],
];

export function extraEntries(): CodeEntry[] {
  return EXTRA.map(([code, meaning, source, example]) => ({
    code,
    family: code.split("/")[0] ?? code,
    meaning,
    source,
    example,
  }));
}
