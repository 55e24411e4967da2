import type { CodeDescription } from "@keel/diagnostics";

/** The codes the validation engine reports itself: reading inputs (input/), checking them (check/), its threads. */
export const validateCodes: readonly CodeDescription[] = [
  {
    code: "json/bom",
    meaning:
      "a JSON text starts with a byte order mark, which RFC 8259 § 8.1 forbids adding; save the file as UTF-8 without a BOM",
    requirements: [],
    example: "expected JSON text, found a UTF-8 byte order mark at 1:1",
  },
  {
    code: "json/invalid-utf8",
    meaning: "the bytes of a document are not UTF-8 (RFC 8259 § 8.1); re-encode the file",
    requirements: [],
    example: "expected UTF-8, found byte 0xff at 3:12",
  },
  {
    code: "json/too-deep",
    meaning: "arrays and objects nest deeper than keel walks (512 levels)",
    requirements: [],
    example: "expected at most 512 levels of nesting, found more at 1:513",
  },
  {
    code: "json/duplicate-key",
    meaning:
      "an object has the same member name twice; parsers disagree on which one wins (RFC 8259 § 4: names SHOULD be unique). An error for strict protocols, a warning for lenient ones",
    requirements: [],
    example: 'expected each key once in /, found "protocol_version" again at 1:30',
  },
  {
    code: "yaml/too-deep",
    meaning: "YAML nesting (or alias expansion) deeper than keel walks (512 levels)",
    requirements: [],
    example: "expected at most 512 levels of nesting, found more at 40:3",
  },
  {
    code: "validate/empty-input",
    meaning: "an input holds no document (an empty file or stdin) and --allow-empty was not given",
    requirements: [],
    example: "expected at least one document in empty.json, found none",
  },
  {
    code: "validate/response-unmatched",
    meaning:
      "in a file holding both directions (a Mira session capture), a response whose id names no earlier unanswered request: its result cannot be checked against a method (warning)",
    requirements: [],
    example:
      "expected a request with id 9 earlier in the file, found none (or it was answered already): the result is not checked against a method",
  },
  {
    code: "validate/rules-not-run",
    meaning:
      "a document has schema errors in a shape its protocol rules cannot read, so they did not run: fix the schema errors and run again (info)",
    requirements: [],
    example:
      "expected the trajectory protocol rules to run, found they cannot read this document until its schema errors are fixed",
  },
  {
    code: "validate/too-large",
    meaning:
      "a document (a .json/.yaml file, stdin read whole, one JSON Lines line) is longer than the bound (64 MiB unless --max-document-size says otherwise); the rest of that input is not read",
    requirements: [],
    example: "expected a line of at most 64 MiB, found a longer one: the rest of the input is not read",
  },
  {
    code: "validate/stale-validators",
    meaning:
      "a schema changed since its generated validators were made, so their verdict would be wrong; run `keel gen` in the checkout",
    requirements: [],
    example:
      "expected generated validators for the atif trajectory schema, found them stale: run `pnpm keel gen`",
  },
  {
    code: "validate/open-type",
    meaning:
      "a document's type was detected only because that type accepts any object: it has every required property of no other type, so nothing in it chose the type (warning; give --type to choose one)",
    requirements: [],
    example:
      "expected a document that tells its mcp type, found one detected as Result only because Result accepts any object (nearest other: CallToolRequest, missing method, params)",
  },
  {
    code: "validate/ambiguous-type",
    meaning:
      "several document types fit a document equally and it is valid as some of them only: the verdict depends on which was meant (warning; give --type to choose one)",
    requirements: [],
    example:
      "expected a document of one a2a type, found one that fits Task and Message equally: valid as Task, invalid as Message",
  },
  {
    code: "validate/unknown-type",
    meaning:
      "no single document type of the protocol fits a document; names the nearest type and why the others were ruled out (give --type to choose one)",
    requirements: [],
    example:
      "expected a slipway document type, found none: nearest is action (contract_version 3, expected 2)",
  },
  {
    code: "validate/worker-failed",
    meaning:
      "a validate worker thread failed (a bug or the machine running out of memory); rerun with --jobs 1",
    requirements: [],
    example: "a validate worker thread exited with code 1",
  },
];
