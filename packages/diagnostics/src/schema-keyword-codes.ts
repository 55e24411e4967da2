import { schemaKeywordCode } from "./catalogue.js";
import type { CodeDescription } from "./code-description.js";

const V = "JSON Schema 2020-12 Validation";
const C = "JSON Schema 2020-12 Core";

/** The keywords ajv (and the zod adapter) report a failure under, the clause defining each, an example. */
const KEYWORDS: readonly [keyword: string, clause: string, example: string][] = [
  ["type", `${V} § 6.1.1`, 'expected /age to be integer, found string "7"'],
  ["enum", `${V} § 6.1.2`, 'expected /status to be one of "ok", "crash", found "done"'],
  ["const", `${V} § 6.1.3`, 'expected /kind to be "trail", found "path"'],
  ["multipleOf", `${V} § 6.2.1`, "expected /step to be a multiple of 5, found 7"],
  ["maximum", `${V} § 6.2.2`, "expected /score to be at most 1, found 1.5"],
  ["exclusiveMaximum", `${V} § 6.2.3`, "expected /score to be below 1, found 1"],
  ["minimum", `${V} § 6.2.4`, "expected /passes to be at least 1, found 0"],
  ["exclusiveMinimum", `${V} § 6.2.5`, "expected /budget to be above 0, found 0"],
  ["maxLength", `${V} § 6.3.1`, "expected /name to be at most 64 characters, found 80"],
  ["minLength", `${V} § 6.3.2`, 'expected /name to be at least 1 character, found ""'],
  ["pattern", `${V} § 6.3.3`, 'expected /version to match ^1\\.\\d+$, found "2.0"'],
  ["maxItems", `${V} § 6.4.1`, "expected /tags to have at most 8 items, found 9"],
  ["minItems", `${V} § 6.4.2`, "expected /inputs to have at least 1 item, found 0"],
  ["uniqueItems", `${V} § 6.4.3`, "expected /ids to have unique items, found items 0 and 2 equal"],
  ["maxContains", `${V} § 6.4.4`, "expected /steps to contain at most 1 matching item, found 2"],
  ["minContains", `${V} § 6.4.5`, "expected /steps to contain at least 2 matching items, found 1"],
  ["maxProperties", `${V} § 6.5.1`, "expected /extra to have at most 4 properties, found 5"],
  ["minProperties", `${V} § 6.5.2`, "expected /extra to have at least 1 property, found none"],
  ["required", `${V} § 6.5.3`, 'expected / to have property "session_id", found it missing'],
  ["dependentRequired", `${V} § 6.5.4`, 'expected / to have "end" when "start" is present'],
  ["format", `${V} § 7`, 'expected /ts to be a date-time, found "yesterday"'],
  ["anyOf", `${C} § 10.2.1.2`, "expected /source to match one of its alternatives, found none"],
  ["oneOf", `${C} § 10.2.1.3`, "expected /part to match exactly one alternative, found 2"],
  ["not", `${C} § 10.2.1.4`, 'expected /summary not to be a `<…>` placeholder, found "<text>"'],
  ["if", `${C} § 10.2.2.1`, 'expected /patch to satisfy the "then" branch its "if" selected'],
  ["items", `${C} § 10.3.1.2`, "expected /args/2 to be a string, found 3"],
  ["contains", `${C} § 10.3.1.3`, "expected /steps to contain an item of the required shape, found none"],
  ["additionalProperties", `${C} § 10.3.2.3`, 'expected no property "colour" at /, found one'],
  [
    "propertyNames",
    `${C} § 10.3.2.4`,
    'expected the property names of /env to match the pattern, found "1X"',
  ],
  ["unevaluatedItems", `${C} § 11.2`, "expected no items beyond position 2 of /pair, found 3 items"],
  ["unevaluatedProperties", `${C} § 11.3`, 'expected no property "extra" at /, found one'],
  ["false schema", `${C} § 4.3.2`, "expected no /id on a notification, found one"],
];

/** `schema/<keyword>`: a document breaks that JSON Schema keyword of its protocol's canonical schema. */
export const schemaKeywordCodes: readonly CodeDescription[] = KEYWORDS.map(([keyword, clause, example]) => ({
  code: schemaKeywordCode(keyword),
  meaning:
    keyword === "false schema"
      ? `a document has a property or item that the schema forbids outright, a \`false\` subschema (${clause}); remove it`
      : `a document breaks the JSON Schema \`${keyword}\` keyword of its schema (${clause}); change the value at the pointer shown`,
  requirements: [],
  example,
}));
